//===----------------------------------------------------------------------===//
//
// A libFuzzer target for the access list: the input is a program of
// operations on a stack of nested lists (init with an enclosing list, record
// one pair or many, group, merge into the enclosing list or any other,
// destroy), run against the runtime and against a model, a bit set of
// (registrar, property) pairs per list, compared after every operation.
//
// Checked:
//   - record answers DUPLICATE, NEW_PROPERTY or NEW_REGISTRAR exactly as the
//     model says, and the list holds the model's pairs, each once, with the
//     right count and registrar count, in both the inline and the indexed
//     regime;
//   - after group, walking the list with group_end visits each registrar in
//     one run; and whenever the list says it is grouped, it is;
//   - merge passes to its callback exactly the registrars both lists held,
//     once each, and leaves the inner list empty;
//   - the references the list protocol implies balance: one per registrar
//     per list that holds it, none once every list is destroyed;
//   - init and destroy keep the enclosing list.
//
// Only documented uses: a list is initialized before use (from garbage
// memory), never merged into itself, and group_end is called only on a list
// grouped since its last change, with start < count.
//
//===----------------------------------------------------------------------===//

#include "fuzz_support.h"

#include "perception_access_list.h"

#include <stdbool.h>
#include <string.h>

#define REGISTRARS 64
#define PROPERTIES 256
#define MAX_LISTS 5
#define MAX_BULK 1024

#define REGISTRAR_TAG 1
#define PROPERTY_TAG 2

/// What one list should hold.
typedef struct list_model {
  uint64_t pairs[REGISTRARS][PROPERTIES / 64];
  uint64_t registrars;
  size_t count;
  /// Whether group has run and nothing was added since: only then may
  /// group_end be called.
  bool grouped;
} list_model;

typedef struct fuzz_state {
  perception_access_list lists[MAX_LISTS];
  list_model models[MAX_LISTS];
  size_t depth;
  /// The references the lists own, per registrar, as the protocol implies:
  /// +1 for NEW_REGISTRAR, -1 for each release by merge or by the owner
  /// before destroy.
  int references[REGISTRARS];
  /// The registrars merge's callback was given during the current merge.
  uint64_t released;
  uint64_t expected_released;
} fuzz_state;

/// The one state, for the merge callback; reset for each input.
static fuzz_state state;

static void *registrar_pointer(size_t r) { return fuzz_pointer(REGISTRAR_TAG, r); }
static const void *property_pointer(size_t p) { return fuzz_pointer(PROPERTY_TAG, p); }

static bool model_has(const list_model *model, size_t r, size_t p) {
  return (model->pairs[r][p / 64] >> (p % 64)) & 1;
}

static void model_clear(list_model *model) { memset(model, 0, sizeof(*model)); }

static void release_registrar(void *registrar) {
  size_t r = fuzz_pointer_number(registrar, REGISTRAR_TAG, REGISTRARS);
  FUZZ_CHECK(r != SIZE_MAX);
  uint64_t bit = (uint64_t)1 << r;
  // Once per registrar, and only for one both lists held.
  FUZZ_CHECK((state.released & bit) == 0);
  FUZZ_CHECK((state.expected_released & bit) != 0);
  state.released |= bit;
  state.references[r]--;
}

//===--- Checks -----------------------------------------------------------===//

/// The list holds exactly the model's pairs, each once.
static void check_contents(const perception_access_list *list, const list_model *model) {
  static uint64_t seen[REGISTRARS][PROPERTIES / 64];
  memset(seen, 0, sizeof(seen));
  FUZZ_CHECK(list->count == model->count);
  FUZZ_CHECK(list->registrar_count == (size_t)__builtin_popcountll(model->registrars));
  FUZZ_CHECK(list->count <= list->capacity);
  FUZZ_CHECK((list->registrars == list->inline_registrars) ==
             (list->properties == list->inline_properties));
  uint64_t registrars = 0;
  for (size_t i = 0; i < list->count; i++) {
    size_t r = fuzz_pointer_number(list->registrars[i], REGISTRAR_TAG, REGISTRARS);
    size_t p = fuzz_pointer_number(list->properties[i], PROPERTY_TAG, PROPERTIES);
    FUZZ_CHECK(r != SIZE_MAX && p != SIZE_MAX);
    FUZZ_CHECK(model_has(model, r, p));
    uint64_t bit = (uint64_t)1 << (p % 64);
    FUZZ_CHECK((seen[r][p / 64] & bit) == 0);
    seen[r][p / 64] |= bit;
    registrars |= (uint64_t)1 << r;
  }
  FUZZ_CHECK(registrars == model->registrars);
}

/// When the list says it is grouped, each registrar's pairs form one run.
static void check_grouped_flag(const perception_access_list *list) {
  if (!list->grouped) {
    return;
  }
  uint64_t finished = 0;
  for (size_t i = 0; i < list->count; i++) {
    size_t r = fuzz_pointer_number(list->registrars[i], REGISTRAR_TAG, REGISTRARS);
    FUZZ_CHECK(r != SIZE_MAX);
    FUZZ_CHECK((finished & ((uint64_t)1 << r)) == 0);
    if (i + 1 == list->count || list->registrars[i + 1] != list->registrars[i]) {
      finished |= (uint64_t)1 << r;
    }
  }
}

/// Walks a grouped list with group_end.
static void check_group_end(const perception_access_list *list) {
  uint64_t visited = 0;
  size_t groups = 0;
  size_t start = 0;
  while (start < list->count) {
    size_t end = perception_access_list_group_end(list, start);
    FUZZ_CHECK(end > start && end <= list->count);
    for (size_t i = start; i < end; i++) {
      FUZZ_CHECK(list->registrars[i] == list->registrars[start]);
    }
    FUZZ_CHECK(end == list->count || list->registrars[end] != list->registrars[start]);
    size_t r = fuzz_pointer_number(list->registrars[start], REGISTRAR_TAG, REGISTRARS);
    FUZZ_CHECK(r != SIZE_MAX);
    FUZZ_CHECK((visited & ((uint64_t)1 << r)) == 0);
    visited |= (uint64_t)1 << r;
    groups++;
    start = end;
  }
  FUZZ_CHECK(groups == list->registrar_count);
}

/// Compares list `k` with its model: in full when `full` or while the list is
/// small, else only its counts (a full check after every single record would
/// make a large list's input quadratic; the operations that move many pairs
/// at once are all checked in full).
static void check_list(size_t k, bool full) {
  if (full || state.lists[k].count <= 4 * PERCEPTION_ACCESS_LIST_INLINE_CAPACITY) {
    check_contents(&state.lists[k], &state.models[k]);
    check_grouped_flag(&state.lists[k]);
  } else {
    FUZZ_CHECK(state.lists[k].count == state.models[k].count);
    FUZZ_CHECK(state.lists[k].registrar_count == (size_t)__builtin_popcountll(state.models[k].registrars));
  }
}

/// The cheap invariants over every list: the nesting, and the references.
static void check_all_lists(void) {
  for (size_t k = 0; k < state.depth; k++) {
    FUZZ_CHECK(state.lists[k].enclosing == (k == 0 ? NULL : &state.lists[k - 1]));
    FUZZ_CHECK(state.lists[k].count == state.models[k].count);
  }
  for (size_t r = 0; r < REGISTRARS; r++) {
    int holders = 0;
    for (size_t k = 0; k < state.depth; k++) {
      holders += (int)((state.models[k].registrars >> r) & 1);
    }
    FUZZ_CHECK(state.references[r] == holders);
  }
}

//===--- Operations -------------------------------------------------------===//

static void record(size_t k, size_t r, size_t p) {
  list_model *model = &state.models[k];
  perception_access_result expected;
  if (model_has(model, r, p)) {
    expected = PERCEPTION_ACCESS_DUPLICATE;
  } else if ((model->registrars >> r) & 1) {
    expected = PERCEPTION_ACCESS_NEW_PROPERTY;
  } else {
    expected = PERCEPTION_ACCESS_NEW_REGISTRAR;
  }
  perception_access_result result =
      perception_access_list_record(&state.lists[k], registrar_pointer(r), property_pointer(p));
  FUZZ_CHECK(result == expected);
  if (result == PERCEPTION_ACCESS_DUPLICATE) {
    return;
  }
  model->pairs[r][p / 64] |= (uint64_t)1 << (p % 64);
  model->count++;
  model->grouped = false;
  if (result == PERCEPTION_ACCESS_NEW_REGISTRAR) {
    model->registrars |= (uint64_t)1 << r;
    state.references[r]++;
  }
}

/// Many records from a seed, so a few bytes reach the indexed regime. The
/// shapes: random pairs over a chosen spread, or one registrar's properties
/// in a row (what a loop over an object's properties reads), or registrars
/// taking turns (the pattern that ungroups a list).
static void record_many(size_t k, fuzz_input *input) {
  size_t n = fuzz_u16(input) % (MAX_BULK + 1);
  uint64_t seed = fuzz_u16(input);
  uint8_t shape = fuzz_byte(input);
  size_t registrar_spread = (size_t)(fuzz_byte(input) % REGISTRARS) + 1;
  size_t property_spread = (size_t)fuzz_byte(input) + 1;
  size_t first_registrar = (size_t)fuzz_random(&seed) % REGISTRARS;
  for (size_t i = 0; i < n; i++) {
    size_t r;
    size_t p;
    switch (shape % 3) {
    case 0:
      r = (first_registrar + (size_t)fuzz_random(&seed) % registrar_spread) % REGISTRARS;
      p = (size_t)fuzz_random(&seed) % property_spread;
      break;
    case 1:
      r = (first_registrar + i / property_spread) % REGISTRARS;
      p = i % property_spread;
      break;
    default:
      r = (first_registrar + i % registrar_spread) % REGISTRARS;
      p = (i / registrar_spread) % PROPERTIES;
      break;
    }
    record(k, r, p);
  }
}

/// The owner's way to end a list: release each registrar, then destroy.
static void release_and_destroy(size_t k) {
  perception_access_list *list = &state.lists[k];
  perception_access_list *enclosing = list->enclosing;
  perception_access_list_group(list);
  for (size_t start = 0; start < list->count; start = perception_access_list_group_end(list, start)) {
    size_t r = fuzz_pointer_number(list->registrars[start], REGISTRAR_TAG, REGISTRARS);
    FUZZ_CHECK(r != SIZE_MAX);
    state.references[r]--;
  }
  perception_access_list_destroy(list);
  FUZZ_CHECK(list->count == 0 && list->registrar_count == 0);
  FUZZ_CHECK(list->enclosing == enclosing);
  model_clear(&state.models[k]);
}

static void merge(size_t outer, size_t inner) {
  list_model *outer_model = &state.models[outer];
  list_model *inner_model = &state.models[inner];
  perception_access_list *enclosing = state.lists[inner].enclosing;
  state.released = 0;
  state.expected_released = outer_model->registrars & inner_model->registrars;
  perception_access_list_merge(&state.lists[outer], &state.lists[inner], release_registrar);
  FUZZ_CHECK(state.released == state.expected_released);
  size_t added = 0;
  for (size_t r = 0; r < REGISTRARS; r++) {
    for (size_t w = 0; w < PROPERTIES / 64; w++) {
      added += (size_t)__builtin_popcountll(inner_model->pairs[r][w] & ~outer_model->pairs[r][w]);
      outer_model->pairs[r][w] |= inner_model->pairs[r][w];
    }
  }
  outer_model->count += added;
  outer_model->registrars |= inner_model->registrars;
  if (added != 0) {
    outer_model->grouped = false;
  }
  model_clear(inner_model);
  FUZZ_CHECK(state.lists[inner].count == 0 && state.lists[inner].registrar_count == 0);
  FUZZ_CHECK(state.lists[inner].enclosing == enclosing);
}

static void push(void) {
  if (state.depth == MAX_LISTS) {
    return;
  }
  size_t k = state.depth++;
  // init's contract allows uninitialized memory: give it garbage.
  memset(&state.lists[k], 0xA5, sizeof(state.lists[k]));
  perception_access_list_init(&state.lists[k], k == 0 ? NULL : &state.lists[k - 1]);
  model_clear(&state.models[k]);
  state.models[k].grouped = true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input input = {data, size};
  memset(&state, 0, sizeof(state));
  push();
  while (!fuzz_input_empty(&input)) {
    uint8_t op = fuzz_byte(&input);
    size_t k = (size_t)fuzz_byte(&input) % state.depth;
    bool full = true;
    switch (op % 10) {
    case 0:
    case 1: {
      size_t r = fuzz_byte(&input) % REGISTRARS;
      size_t p = fuzz_byte(&input) % PROPERTIES;
      record(k, r, p);
      full = false;
      break;
    }
    case 2:
      record_many(k, &input);
      break;
    case 3:
      push();
      k = state.depth - 1;
      break;
    case 4:
      // The scope ends: its pairs go to the enclosing scope.
      if (state.depth > 1) {
        k = --state.depth - 1;
        merge(k, k + 1);
      }
      break;
    case 5:
      // The scope ends without an enclosing one to merge into.
      release_and_destroy(state.depth - 1);
      if (state.depth > 1) {
        state.depth--;
      }
      k = state.depth - 1;
      break;
    case 6: {
      size_t other = (size_t)fuzz_byte(&input) % state.depth;
      if (other != k) {
        merge(k, other);
        check_list(other, true);
      }
      break;
    }
    case 7:
      perception_access_list_group(&state.lists[k]);
      FUZZ_CHECK(state.lists[k].grouped);
      state.models[k].grouped = true;
      check_group_end(&state.lists[k]);
      break;
    case 8:
      if (state.models[k].grouped) {
        check_group_end(&state.lists[k]);
      }
      full = false;
      break;
    default:
      release_and_destroy(k);
      break;
    }
    check_list(k, full);
    check_all_lists();
  }
  while (state.depth > 0) {
    release_and_destroy(--state.depth);
  }
  for (size_t r = 0; r < REGISTRARS; r++) {
    FUZZ_CHECK(state.references[r] == 0);
  }
  return 0;
}
