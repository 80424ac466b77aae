//===----------------------------------------------------------------------===//
//
// A libFuzzer target for the observer table: the input is a program of
// operations on two registrars (register one registration or many, cancel
// one or many, collect willSet/didSet/deinit, destroy the registrar, keep a
// table past its registrar and use it after) run against the runtime and
// against a model, a plain array of the live registrations per registrar.
//
// Checked after every operation:
//   - collect hands back exactly the model's observers for that property and
//     event (as a multiset: one entry per matching registration), passes
//     exactly the non-one-shot ones to `retain`, and removes the one-shot
//     ones, whose tokens then name nothing;
//   - register returns a token never returned before by that table, and 0
//     on a dead table; cancel returns the registration's observer once, then
//     NULL, and NULL on a dead table or for a token that names nothing;
//   - the filters have every bit of every registered (property, event), so a
//     write is never skipped (no false negative), and, as observer_table.c
//     promises by counting, no other bit;
//   - destroy hands back every remaining registration's observer exactly
//     once, zeroes the registrar and kills the table.
//
// Only documented uses: properties are never NULL, collect is given one
// event, and a table is used only while a reference to it is held (the
// registrar's, or one taken with perception_table_retain).
//
//===----------------------------------------------------------------------===//

#include "fuzz_support.h"

#include "perception_observer_table.h"

#include <stdbool.h>
#include <string.h>

#define REGISTRARS 2
#define OBSERVERS 256
#define PROPERTIES 128
#define MAX_PROPERTIES 48
#define MAX_REGISTRATIONS 2048
#define MAX_RETAINED_TABLES 4
#define STALE_TOKENS 64

#define OBSERVER_TAG 3
#define PROPERTY_TAG 4

typedef struct registration_model {
  perception_token token;
  uint32_t events;
  uint16_t observer;
  uint8_t property_count;
  uint8_t properties[MAX_PROPERTIES];
} registration_model;

/// A set of the tokens one table has returned: open addressing over a
/// power-of-two array, 0 marking an empty entry.
typedef struct token_set {
  perception_token *entries;
  size_t capacity;
  size_t count;
} token_set;

typedef struct registrar_model {
  perception_registrar registrar;
  /// The table the registrar should have, or NULL.
  perception_observer_table *table;
  registration_model registrations[MAX_REGISTRATIONS];
  size_t count;
  token_set issued;
  /// Recently cancelled or collected tokens, which must name nothing.
  perception_token stale[STALE_TOKENS];
  size_t stale_next;
  /// Per filter bit, how many (registration, property) pairs of the live
  /// registrations set it, for willSet and for didSet.
  uint32_t will_set_counts[64];
  uint32_t did_set_counts[64];
} registrar_model;

typedef struct retained_table {
  perception_observer_table *table;
  /// The registrar it belongs to while alive.
  size_t owner;
  bool dead;
} retained_table;

typedef struct fuzz_state {
  registrar_model registrars[REGISTRARS];
  retained_table retained[MAX_RETAINED_TABLES];
  size_t retained_count;
  /// How many times `retain` was given each observer.
  uint64_t retains[OBSERVERS];
  perception_observer_batch batch;
} fuzz_state;

static fuzz_state state;

/// A scratch multiset of observers: +1 per expected entry, -1 per actual.
static int balance[OBSERVERS];

static void *observer_pointer(size_t o) { return fuzz_pointer(OBSERVER_TAG, o); }
static const void *property_pointer(size_t p) { return fuzz_pointer(PROPERTY_TAG, p); }

static size_t observer_number(const void *observer) {
  size_t o = fuzz_pointer_number(observer, OBSERVER_TAG, OBSERVERS);
  FUZZ_CHECK(o != SIZE_MAX);
  return o;
}

static void retain_observer(void *observer) { state.retains[observer_number(observer)]++; }

//===--- The token set ----------------------------------------------------===//

static size_t token_slot(const token_set *set, perception_token token) {
  size_t mask = set->capacity - 1;
  size_t i = (size_t)(token * UINT64_C(0x9e3779b97f4a7c15) >> 32) & mask;
  while (set->entries[i] != 0 && set->entries[i] != token) {
    i = (i + 1) & mask;
  }
  return i;
}

/// Adds `token`; false if it was already there.
static bool token_set_insert(token_set *set, perception_token token) {
  if ((set->count + 1) * 2 > set->capacity) {
    token_set grown = {calloc(set->capacity * 2, sizeof(perception_token)), set->capacity * 2, 0};
    FUZZ_CHECK(grown.entries != NULL);
    for (size_t i = 0; i < set->capacity; i++) {
      if (set->entries[i] != 0) {
        grown.entries[token_slot(&grown, set->entries[i])] = set->entries[i];
        grown.count++;
      }
    }
    free(set->entries);
    *set = grown;
  }
  size_t i = token_slot(set, token);
  if (set->entries[i] == token) {
    return false;
  }
  set->entries[i] = token;
  set->count++;
  return true;
}

static void token_set_reset(token_set *set) {
  free(set->entries);
  set->capacity = 64;
  set->count = 0;
  set->entries = calloc(set->capacity, sizeof(perception_token));
  FUZZ_CHECK(set->entries != NULL);
}

//===--- The model --------------------------------------------------------===//

static bool names_property(const registration_model *registration, size_t p) {
  for (size_t i = 0; i < registration->property_count; i++) {
    if (registration->properties[i] == p) {
      return true;
    }
  }
  return false;
}

/// Counts (`delta` 1) or uncounts (-1) a registration's filter bits.
static void model_count_bits(registrar_model *model, const registration_model *registration, int delta) {
  for (size_t i = 0; i < registration->property_count; i++) {
    const void *property = property_pointer(registration->properties[i]);
    if (registration->events & PERCEPTION_EVENT_WILL_SET) {
      model->will_set_counts[perception_property_filter_bit_number(property)] += (uint32_t)delta;
    }
    if (registration->events & PERCEPTION_EVENT_DID_SET) {
      model->did_set_counts[perception_property_did_set_bit_number(property)] += (uint32_t)delta;
    }
  }
}

/// Removes registration `i`, remembering its token as stale.
static void model_remove(registrar_model *model, size_t i) {
  model_count_bits(model, &model->registrations[i], -1);
  model->stale[model->stale_next++ % STALE_TOKENS] = model->registrations[i].token;
  model->registrations[i] = model->registrations[--model->count];
}

/// The registrar is zero again, with a new table to come.
static void model_reset(registrar_model *model) {
  model->table = NULL;
  model->count = 0;
  model->stale_next = 0;
  memset(model->stale, 0, sizeof(model->stale));
  memset(model->will_set_counts, 0, sizeof(model->will_set_counts));
  memset(model->did_set_counts, 0, sizeof(model->did_set_counts));
  token_set_reset(&model->issued);
}

//===--- Checks -----------------------------------------------------------===//

static void check_balance_is_zero(void) {
  for (size_t o = 0; o < OBSERVERS; o++) {
    FUZZ_CHECK(balance[o] == 0);
  }
}

/// The filters hold exactly the bits of the registered (property, event)
/// pairs, and the registrar points at the table the model expects.
static void check_registrar(registrar_model *model) {
  uint64_t will_set = 0;
  uint64_t did_set = 0;
  for (unsigned bit = 0; bit < 64; bit++) {
    will_set |= (uint64_t)(model->will_set_counts[bit] != 0) << bit;
    did_set |= (uint64_t)(model->did_set_counts[bit] != 0) << bit;
  }
  uint64_t will_set_filter = perception_registrar_filter(&model->registrar, PERCEPTION_EVENT_WILL_SET);
  uint64_t did_set_filter = perception_registrar_filter(&model->registrar, PERCEPTION_EVENT_DID_SET);
  // No false negative: a write to an observed property must not be skipped.
  FUZZ_CHECK((will_set_filter & will_set) == will_set);
  FUZZ_CHECK((did_set_filter & did_set) == did_set);
  // And, since the table counts per bit, no stale bit either.
  FUZZ_CHECK(will_set_filter == will_set);
  FUZZ_CHECK(did_set_filter == did_set);
  FUZZ_CHECK(atomic_load(&model->registrar.table) == model->table);
  FUZZ_CHECK(perception_registrar_has_table(&model->registrar) == (model->table != NULL));
}

//===--- Operations -------------------------------------------------------===//

/// Reads one registration's observer, events and properties.
static void read_registration(fuzz_input *input, registration_model *registration) {
  registration->observer = fuzz_byte(input) % OBSERVERS;
  registration->events = fuzz_byte(input) & 15;
  uint8_t shape = fuzz_byte(input);
  size_t count = shape & 0x80 ? (size_t)(shape % (MAX_PROPERTIES + 1)) : (size_t)(shape % 8);
  // A narrow spread repeats properties within one registration.
  size_t first = fuzz_byte(input) % PROPERTIES;
  size_t spread = (size_t)(fuzz_byte(input) % PROPERTIES) + 1;
  uint64_t seed = fuzz_byte(input);
  registration->property_count = (uint8_t)count;
  for (size_t i = 0; i < count; i++) {
    registration->properties[i] = (uint8_t)((first + fuzz_random(&seed) % spread) % PROPERTIES);
  }
}

/// Registers through `table`, a live table of `model` or a dead one.
static void register_on(registrar_model *model, perception_observer_table *table, bool dead,
                        const registration_model *registration) {
  if (!dead && model->count == MAX_REGISTRATIONS) {
    return;
  }
  const void *properties[MAX_PROPERTIES];
  for (size_t i = 0; i < registration->property_count; i++) {
    properties[i] = property_pointer(registration->properties[i]);
  }
  perception_token token = perception_table_register(table, properties, registration->property_count,
                                                     registration->events,
                                                     observer_pointer(registration->observer));
  if (dead) {
    FUZZ_CHECK(token == 0);
    return;
  }
  FUZZ_CHECK(token != 0);
  FUZZ_CHECK(token_set_insert(&model->issued, token));
  registration_model *stored = &model->registrations[model->count++];
  *stored = *registration;
  stored->token = token;
  model_count_bits(model, stored, 1);
}

/// Gets the registrar's table, created on first use: the same one until the
/// registrar is destroyed, and never a dead table that is still held.
static void use_table(registrar_model *model) {
  perception_observer_table *table = perception_registrar_table(&model->registrar);
  if (model->table != NULL) {
    FUZZ_CHECK(table == model->table);
    return;
  }
  for (size_t i = 0; i < state.retained_count; i++) {
    FUZZ_CHECK(table != state.retained[i].table);
  }
  model->table = table;
}

static void register_one(registrar_model *model, fuzz_input *input) {
  registration_model registration;
  read_registration(input, &registration);
  use_table(model);
  register_on(model, model->table, false, &registration);
}

/// Many registrations from a seed: reaches the hashed token and bucket maps.
static void register_many(registrar_model *model, fuzz_input *input) {
  size_t n = fuzz_byte(input) % 65;
  uint64_t seed = fuzz_u16(input);
  size_t spread = (size_t)(fuzz_byte(input) % PROPERTIES) + 1;
  uint8_t events = fuzz_byte(input);
  use_table(model);
  for (size_t i = 0; i < n; i++) {
    registration_model registration;
    uint64_t r = fuzz_random(&seed);
    registration.observer = (uint16_t)(r % OBSERVERS);
    // Either every registration has the input's events, or each its own.
    registration.events = (events & 0x10 ? (uint32_t)(r >> 8) : events) & 15;
    registration.property_count = (uint8_t)((r >> 16) % 5);
    for (size_t j = 0; j < registration.property_count; j++) {
      registration.properties[j] = (uint8_t)(fuzz_random(&seed) % spread);
    }
    register_on(model, model->table, false, &registration);
  }
}

/// Cancels through `table` a token that names registration `i` of the
/// model (or nothing if `i` is SIZE_MAX).
static void cancel_on(registrar_model *model, perception_observer_table *table, bool dead,
                      perception_token token, size_t i) {
  void *observer = perception_table_cancel(table, token);
  if (dead || i == SIZE_MAX) {
    FUZZ_CHECK(observer == NULL);
    return;
  }
  FUZZ_CHECK(observer == observer_pointer(model->registrations[i].observer));
  model_remove(model, i);
}

/// A token to cancel, chosen by `choice`: a live one (and its index), a
/// stale one, 0, or one the table has not returned yet.
static perception_token choose_token(const registrar_model *model, uint8_t choice, uint8_t which,
                                     size_t *index) {
  *index = SIZE_MAX;
  switch (choice % 4) {
  case 0:
  case 1:
    if (model->count != 0) {
      *index = which % model->count;
      return model->registrations[*index].token;
    }
    return 0;
  case 2:
    return model->stale[which % STALE_TOKENS];
  default:
    // Larger than any token returned so far: names nothing yet.
    return (UINT64_C(1) << 62) | which;
  }
}

static void cancel_one(registrar_model *model, fuzz_input *input) {
  uint8_t choice = fuzz_byte(input);
  uint8_t which = fuzz_byte(input);
  if (model->table == NULL) {
    return;
  }
  size_t i;
  perception_token token = choose_token(model, choice, which, &i);
  cancel_on(model, model->table, false, token, i);
}

/// Cancels a share of the live registrations, in an order the input picks:
/// a table that grew hashed shrinks back.
static void cancel_many(registrar_model *model, fuzz_input *input) {
  uint8_t keep_one_in = (uint8_t)(fuzz_byte(input) % 4 + 1);
  uint8_t offset = fuzz_byte(input);
  if (model->table == NULL) {
    return;
  }
  for (size_t n = model->count, step = 0; n > 0; n--, step++) {
    size_t i = (n - 1 + offset) % model->count;
    if (keep_one_in > 1 && step % keep_one_in == 0) {
      continue;
    }
    cancel_on(model, model->table, false, model->registrations[i].token, i);
    if (model->count == 0) {
      break;
    }
  }
}

static void collect(registrar_model *model, fuzz_input *input) {
  size_t p = fuzz_byte(input) % PROPERTIES;
  uint8_t choice = fuzz_byte(input);
  static const uint32_t events[] = {PERCEPTION_EVENT_WILL_SET, PERCEPTION_EVENT_DID_SET,
                                    PERCEPTION_EVENT_DEINIT};
  uint32_t event = events[choice % 3];
  // Collect appends: sometimes to a batch that already holds observers.
  if (choice & 0x80) {
    perception_observer_batch_destroy(&state.batch);
  }
  size_t before = state.batch.count;
  uint64_t expected_retains[OBSERVERS];
  memcpy(expected_retains, state.retains, sizeof(expected_retains));
  size_t expected = 0;
  for (size_t i = 0; i < model->count;) {
    const registration_model *registration = &model->registrations[i];
    if ((registration->events & event) && names_property(registration, p)) {
      balance[registration->observer]++;
      expected++;
      if (registration->events & PERCEPTION_REGISTRATION_ONCE) {
        model_remove(model, i);
        continue;
      }
      expected_retains[registration->observer]++;
    }
    i++;
  }
  size_t added = perception_registrar_collect(&model->registrar, property_pointer(p), event,
                                              retain_observer, &state.batch);
  FUZZ_CHECK(added == expected);
  FUZZ_CHECK(state.batch.count == before + added);
  for (size_t i = before; i < state.batch.count; i++) {
    balance[observer_number(state.batch.observers[i])]--;
  }
  check_balance_is_zero();
  FUZZ_CHECK(memcmp(expected_retains, state.retains, sizeof(expected_retains)) == 0);
  // The one-shot registrations it removed are gone: cancelling them now
  // returns nothing.
  if (model->table != NULL && model->stale_next != 0) {
    perception_token last = model->stale[(model->stale_next - 1) % STALE_TOKENS];
    FUZZ_CHECK(perception_table_cancel(model->table, last) == NULL);
  }
}

/// The registrar goes away; tables kept past it are dead from now on.
static void destroy(size_t r) {
  registrar_model *model = &state.registrars[r];
  perception_observer_batch_destroy(&state.batch);
  for (size_t i = 0; i < model->count; i++) {
    balance[model->registrations[i].observer]++;
  }
  perception_registrar_destroy(&model->registrar, &state.batch);
  FUZZ_CHECK(state.batch.count == model->count);
  for (size_t i = 0; i < state.batch.count; i++) {
    balance[observer_number(state.batch.observers[i])]--;
  }
  check_balance_is_zero();
  for (size_t i = 0; i < state.retained_count; i++) {
    if (!state.retained[i].dead && state.retained[i].table == model->table) {
      state.retained[i].dead = true;
    }
  }
  model_reset(model);
}

static void retain_table(size_t r) {
  registrar_model *model = &state.registrars[r];
  if (model->table == NULL || state.retained_count == MAX_RETAINED_TABLES) {
    return;
  }
  perception_table_retain(model->table);
  state.retained[state.retained_count++] = (retained_table){model->table, r, false};
}

/// Registers or cancels through a table kept with perception_table_retain,
/// dead or alive.
static void use_retained_table(fuzz_input *input) {
  uint8_t which = fuzz_byte(input);
  uint8_t what = fuzz_byte(input);
  if (state.retained_count == 0) {
    return;
  }
  retained_table *kept = &state.retained[which % state.retained_count];
  registrar_model *model = &state.registrars[kept->owner];
  FUZZ_CHECK(kept->dead || kept->table == model->table);
  if (what & 1) {
    registration_model registration;
    read_registration(input, &registration);
    register_on(model, kept->table, kept->dead, &registration);
  } else {
    size_t i;
    perception_token token = choose_token(model, fuzz_byte(input), fuzz_byte(input), &i);
    cancel_on(model, kept->table, kept->dead, token, kept->dead ? SIZE_MAX : i);
  }
}

static void release_retained_table(uint8_t which) {
  if (state.retained_count == 0) {
    return;
  }
  size_t i = which % state.retained_count;
  perception_table_release(state.retained[i].table);
  state.retained[i] = state.retained[--state.retained_count];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input input = {data, size};
  for (size_t r = 0; r < REGISTRARS; r++) {
    perception_registrar_init(&state.registrars[r].registrar);
    model_reset(&state.registrars[r]);
  }
  state.retained_count = 0;
  memset(state.retains, 0, sizeof(state.retains));
  perception_observer_batch_init(&state.batch);

  while (!fuzz_input_empty(&input)) {
    uint8_t op = fuzz_byte(&input);
    size_t r = (op >> 4) % REGISTRARS;
    registrar_model *model = &state.registrars[r];
    switch (op % 12) {
    case 0:
    case 1:
      register_one(model, &input);
      break;
    case 2:
      register_many(model, &input);
      break;
    case 3:
    case 4:
      cancel_one(model, &input);
      break;
    case 5:
      cancel_many(model, &input);
      break;
    case 6:
    case 7:
    case 8:
      collect(model, &input);
      break;
    case 9:
      destroy(r);
      break;
    case 10:
      if (op & 0x40) {
        retain_table(r);
      } else {
        release_retained_table(fuzz_byte(&input));
      }
      break;
    default:
      use_retained_table(&input);
      break;
    }
    for (size_t k = 0; k < REGISTRARS; k++) {
      check_registrar(&state.registrars[k]);
    }
  }

  for (size_t r = 0; r < REGISTRARS; r++) {
    destroy(r);
    check_registrar(&state.registrars[r]);
    free(state.registrars[r].issued.entries);
    state.registrars[r].issued.entries = NULL;
  }
  while (state.retained_count != 0) {
    release_retained_table(0);
  }
  perception_observer_batch_destroy(&state.batch);
  return 0;
}
