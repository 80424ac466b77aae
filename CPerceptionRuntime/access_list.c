//===----------------------------------------------------------------------===//
//
// The access list: the (registrar, property) pairs of one tracking scope.
//
// Up to PERCEPTION_ACCESS_LIST_INLINE_CAPACITY pairs live in the list's own
// arrays and are searched linearly. Past that the arrays move to the heap and
// double as needed, and `index` is an open-addressing (linear probing) hash
// table over the pairs that holds two kinds of entries:
//   - a pair entry, `i + 1`, for the pair at index `i`, hashed by the pair;
//   - a registrar entry, `(i + 1) | INDEX_REGISTRAR`, hashed by the registrar
//     alone, where `i` is the first pair of that registrar in the arrays.
// 0 is an empty entry. Nothing is ever removed from the index; group and
// merge rebuild it, so registrar entries always name a registrar's first pair.
// The index is kept at most half full, so a lookup probes O(1) entries.
//
//===----------------------------------------------------------------------===//

#include "perception_access_list.h"
#include "perception_internal.h"

#include <string.h>

/// Marks an index entry as a registrar entry.
#define INDEX_REGISTRAR ((uint32_t)1 << 31)
/// The most pairs a list can hold, so that `i + 1` fits beside the flag.
#define MAX_PAIRS ((size_t)INDEX_REGISTRAR - 2)
/// The smallest heap index, in entries (a power of two).
#define MIN_INDEX_CAPACITY ((size_t)32)
/// The largest index, in entries: the largest power of two whose bytes fit in
/// a size_t (memory runs out long before).
#define MAX_INDEX_CAPACITY ((SIZE_MAX / sizeof(uint32_t)) / 2 + 1)

static inline size_t registrar_hash(const void *registrar) {
  // A different function from the pair hash, so that a registrar's entry and
  // its pairs' entries do not all crowd around the same position.
  return perception_hash_pointer_pair(registrar, (const void *)(uintptr_t)0x5bd1e995u);
}

static inline bool has_inline_storage(const perception_access_list *list) {
  return list->registrars == list->inline_registrars;
}

//===--- The index --------------------------------------------------------===//

/// The index entry of the pair, or the empty entry where it would go.
static uint32_t *index_probe_pair(const perception_access_list *list, const void *registrar,
                                  const void *property) {
  size_t mask = list->index_capacity - 1;
  size_t position = perception_hash_pointer_pair(registrar, property) & mask;
  for (;;) {
    uint32_t *entry = &list->index[position];
    uint32_t value = *entry;
    if (value == 0) {
      return entry;
    }
    if ((value & INDEX_REGISTRAR) == 0) {
      size_t i = value - 1;
      if (list->registrars[i] == registrar && list->properties[i] == property) {
        return entry;
      }
    }
    position = (position + 1) & mask;
  }
}

/// The index entry of the registrar, or the empty entry where it would go.
static uint32_t *index_probe_registrar(const perception_access_list *list, const void *registrar) {
  size_t mask = list->index_capacity - 1;
  size_t position = registrar_hash(registrar) & mask;
  for (;;) {
    uint32_t *entry = &list->index[position];
    uint32_t value = *entry;
    if (value == 0) {
      return entry;
    }
    if ((value & INDEX_REGISTRAR) != 0 && list->registrars[(value & ~INDEX_REGISTRAR) - 1] == registrar) {
      return entry;
    }
    position = (position + 1) & mask;
  }
}

/// The index of the first pair of `registrar`, or SIZE_MAX. Needs the index.
static size_t index_first_pair_of(const perception_access_list *list, const void *registrar) {
  uint32_t value = *index_probe_registrar(list, registrar);
  return value == 0 ? SIZE_MAX : (size_t)(value & ~INDEX_REGISTRAR) - 1;
}

/// Fills the index (of `index_capacity` entries, already allocated) from the
/// pairs as they are now.
static void index_rebuild(perception_access_list *list) {
  memset(list->index, 0, list->index_capacity * sizeof(uint32_t));
  for (size_t i = 0; i < list->count; i++) {
    uint32_t *pair_entry = index_probe_pair(list, list->registrars[i], list->properties[i]);
    *pair_entry = (uint32_t)(i + 1);
    uint32_t *registrar_entry = index_probe_registrar(list, list->registrars[i]);
    if (*registrar_entry == 0) {
      *registrar_entry = (uint32_t)(i + 1) | INDEX_REGISTRAR;
    }
  }
}

/// Makes sure the index can take `entries` entries while staying at most
/// half full, reallocating and rebuilding it if not.
static void index_reserve(perception_access_list *list, size_t entries) {
  if (list->index != NULL && entries <= list->index_capacity / 2) {
    return;
  }
  size_t capacity = list->index != NULL ? list->index_capacity : MIN_INDEX_CAPACITY;
  while (entries > capacity / 2) {
    capacity = perception_grow_capacity(capacity, MIN_INDEX_CAPACITY, MAX_INDEX_CAPACITY);
  }
  free(list->index);
  list->index = perception_allocate_array(capacity, sizeof(uint32_t));
  list->index_capacity = capacity;
  index_rebuild(list);
}

//===--- Storage ----------------------------------------------------------===//

/// Makes room for one more pair.
static void reserve_one_more(perception_access_list *list) {
  if (list->count < list->capacity) {
    return;
  }
  if (PERCEPTION_UNLIKELY(list->count >= MAX_PAIRS)) {
    perception_fatal("access list too large");
  }
  size_t capacity = perception_grow_capacity(list->capacity, 2 * PERCEPTION_ACCESS_LIST_INLINE_CAPACITY,
                                             MAX_PAIRS);
  if (has_inline_storage(list)) {
    void **registrars = perception_allocate_array(capacity, sizeof(void *));
    const void **properties = perception_allocate_array(capacity, sizeof(const void *));
    memcpy(registrars, list->registrars, list->count * sizeof(void *));
    memcpy(properties, list->properties, list->count * sizeof(const void *));
    list->registrars = registrars;
    list->properties = properties;
  } else {
    list->registrars = perception_reallocate_array(list->registrars, capacity, sizeof(void *));
    list->properties =
        (const void **)perception_reallocate_array((void *)list->properties, capacity, sizeof(const void *));
  }
  list->capacity = capacity;
}

void perception_access_list_free_storage(perception_access_list *list) {
  if (!has_inline_storage(list)) {
    free(list->registrars);
    free((void *)list->properties);
  }
  free(list->index);
  list->registrars = list->inline_registrars;
  list->properties = list->inline_properties;
  list->index = NULL;
}

//===--- Recording --------------------------------------------------------===//

/// After appending a pair: a grouped list stays grouped if the pair starts a
/// new registrar's group or extends the last group.
static inline void update_grouped_after_append(perception_access_list *list, bool known_registrar) {
  size_t last = list->count - 1;
  if (known_registrar && (last == 0 || list->registrars[last - 1] != list->registrars[last])) {
    list->grouped = false;
  }
}

perception_access_result perception_access_list_record_slow(perception_access_list *list,
                                                            void *registrar,
                                                            const void *property) {
  if (list->index == NULL) {
    // Few pairs: a linear scan over the inline arrays.
    bool known_registrar = false;
    for (size_t i = 0; i < list->count; i++) {
      if (list->registrars[i] == registrar) {
        if (list->properties[i] == property) {
          return PERCEPTION_ACCESS_DUPLICATE;
        }
        known_registrar = true;
      }
    }
    if (list->count < list->capacity) {
      size_t i = list->count++;
      list->registrars[i] = registrar;
      list->properties[i] = property;
      update_grouped_after_append(list, known_registrar);
      if (known_registrar) {
        return PERCEPTION_ACCESS_NEW_PROPERTY;
      }
      list->registrar_count++;
      return PERCEPTION_ACCESS_NEW_REGISTRAR;
    }
    // The inline arrays are full: from now on the pairs are indexed.
  }

  // Room for this pair's entry and possibly its registrar's.
  index_reserve(list, list->count + list->registrar_count + 2);
  uint32_t *pair_entry = index_probe_pair(list, registrar, property);
  if (*pair_entry != 0) {
    return PERCEPTION_ACCESS_DUPLICATE;
  }
  reserve_one_more(list);
  size_t i = list->count++;
  list->registrars[i] = registrar;
  list->properties[i] = property;
  // The pair's entry is filled before probing for the registrar, so the two
  // probes cannot pick the same empty entry.
  *pair_entry = (uint32_t)(i + 1);
  uint32_t *registrar_entry = index_probe_registrar(list, registrar);
  update_grouped_after_append(list, *registrar_entry != 0);
  if (*registrar_entry != 0) {
    return PERCEPTION_ACCESS_NEW_PROPERTY;
  }
  *registrar_entry = (uint32_t)(i + 1) | INDEX_REGISTRAR;
  list->registrar_count++;
  return PERCEPTION_ACCESS_NEW_REGISTRAR;
}

//===--- Merging ----------------------------------------------------------===//

static bool holds_registrar(const perception_access_list *list, const void *registrar) {
  if (list->index != NULL) {
    return index_first_pair_of(list, registrar) != SIZE_MAX;
  }
  for (size_t i = 0; i < list->count; i++) {
    if (list->registrars[i] == registrar) {
      return true;
    }
  }
  return false;
}

/// Whether pair `i` is the first of its registrar in the list.
static bool is_first_pair_of_registrar(const perception_access_list *list, size_t i) {
  const void *registrar = list->registrars[i];
  if (list->index != NULL) {
    return index_first_pair_of(list, registrar) == i;
  }
  for (size_t j = 0; j < i; j++) {
    if (list->registrars[j] == registrar) {
      return false;
    }
  }
  return true;
}

void perception_access_list_merge(perception_access_list *outer, perception_access_list *inner,
                                  void (*release_registrar)(void *registrar)) {
  if (PERCEPTION_UNLIKELY(outer == inner)) {
    perception_fatal("perception_access_list_merge: a list cannot be merged into itself");
  }
  for (size_t i = 0; i < inner->count; i++) {
    void *registrar = inner->registrars[i];
    // `inner` owns one reference per distinct registrar. At the registrar's
    // first pair, either `outer` already holds it (so that reference is
    // redundant) or recording makes it `outer`'s.
    if (is_first_pair_of_registrar(inner, i) && holds_registrar(outer, registrar) &&
        release_registrar != NULL) {
      release_registrar(registrar);
    }
    perception_access_list_record(outer, registrar, inner->properties[i]);
  }
  // Marks only grow: the lower one is the earlier, and covers both lists' reads.
  if (inner->setup_mark != 0 && (outer->setup_mark == 0 || inner->setup_mark < outer->setup_mark)) {
    outer->setup_mark = inner->setup_mark;
  }
  perception_access_list_destroy(inner);
}

//===--- Grouping ---------------------------------------------------------===//

/// Moves the pair at `from` to `to` (< from), shifting those in between up.
static void move_pair_down(perception_access_list *list, size_t from, size_t to) {
  void *registrar = list->registrars[from];
  const void *property = list->properties[from];
  memmove(&list->registrars[to + 1], &list->registrars[to], (from - to) * sizeof(void *));
  memmove((void *)&list->properties[to + 1], (const void *)&list->properties[to],
          (from - to) * sizeof(const void *));
  list->registrars[to] = registrar;
  list->properties[to] = property;
}

/// For the few inline pairs: a stable in-place grouping, O(count²).
static void group_small(perception_access_list *list) {
  size_t start = 0;
  while (start < list->count) {
    void *registrar = list->registrars[start];
    size_t end = start + 1;
    for (size_t k = end; k < list->count; k++) {
      if (list->registrars[k] == registrar) {
        if (k != end) {
          move_pair_down(list, k, end);
        }
        end++;
      }
    }
    start = end;
  }
}

/// With the index: a counting sort keyed by each registrar's first pair,
/// O(count). Stable, and the groups come in order of first appearance.
static void group_indexed(perception_access_list *list) {
  size_t count = list->count;
  uint32_t *first = perception_allocate_array(count, sizeof(uint32_t));
  uint32_t *offset = perception_allocate_zeroed(count, sizeof(uint32_t));
  for (size_t i = 0; i < count; i++) {
    first[i] = (uint32_t)index_first_pair_of(list, list->registrars[i]);
    offset[first[i]]++;
  }
  // offset[f] becomes the start of the group whose first pair is f.
  uint32_t next = 0;
  for (size_t i = 0; i < count; i++) {
    if (first[i] == i) {
      uint32_t size = offset[i];
      offset[i] = next;
      next += size;
    }
  }
  void **registrars = perception_allocate_array(list->capacity, sizeof(void *));
  const void **properties = perception_allocate_array(list->capacity, sizeof(const void *));
  for (size_t i = 0; i < count; i++) {
    uint32_t destination = offset[first[i]]++;
    registrars[destination] = list->registrars[i];
    properties[destination] = list->properties[i];
  }
  free(first);
  free(offset);
  free(list->registrars);
  free((void *)list->properties);
  list->registrars = registrars;
  list->properties = properties;
  index_rebuild(list);
}

void perception_access_list_group(perception_access_list *list) {
  if (list->grouped) {
    return;
  }
  // One registrar, or as many registrars as pairs: already grouped.
  if (list->registrar_count > 1 && list->registrar_count < list->count) {
    // The index exists exactly when the pairs have left the inline arrays.
    if (list->index != NULL) {
      group_indexed(list);
    } else {
      group_small(list);
    }
  }
  list->grouped = true;
}

size_t perception_access_list_group_end(const perception_access_list *list, size_t start) {
  if (PERCEPTION_UNLIKELY(start >= list->count)) {
    perception_fatal("perception_access_list_group_end: start is past the end of the list");
  }
  const void *registrar = list->registrars[start];
  size_t end = start + 1;
  while (end < list->count && list->registrars[end] == registrar) {
    end++;
  }
  return end;
}
