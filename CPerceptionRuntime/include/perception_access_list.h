//===----------------------------------------------------------------------===//
//
// The access list: the (registrar, property) pairs read inside one tracking
// scope, recorded without duplicates.
//
// A list lives on the stack of the withPerceptionTracking call that owns it.
// Its first PERCEPTION_ACCESS_LIST_INLINE_CAPACITY pairs are stored inline, so
// a small scope allocates nothing; past that it grows without limit, and a
// hash index keeps recording O(1).
//
// Registrars and properties are opaque, pointer-sized keys. The list owns
// one reference to each distinct registrar it holds, which the Swift layer
// takes when perception_access_list_record answers
// PERCEPTION_ACCESS_NEW_REGISTRAR; the list never retains or releases
// anything itself, except through the callback given to
// perception_access_list_merge.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_ACCESS_LIST_H
#define PERCEPTION_ACCESS_LIST_H

#include "perception_platform.h"

#define PERCEPTION_ACCESS_LIST_INLINE_CAPACITY 8

/// What recording a pair did.
typedef enum perception_access_result {
  /// The pair was already in the list; nothing changed.
  PERCEPTION_ACCESS_DUPLICATE = 0,
  /// A new property of a registrar the list already held.
  PERCEPTION_ACCESS_NEW_PROPERTY = 1,
  /// The first pair of this registrar: the caller now owes the list one
  /// reference to it.
  PERCEPTION_ACCESS_NEW_REGISTRAR = 2,
} perception_access_result;

/// The pairs read in one tracking scope. Pairs are kept in two parallel
/// arrays, so that after perception_access_list_group the properties of one
/// registrar are contiguous and can be passed to
/// perception_table_register as they are.
///
/// The fields are public only so that Swift can place the list on the stack
/// and so that the fast path below can be inlined; change them only through
/// the functions in this file.
typedef struct perception_access_list {
  /// The scope this one is nested in on the same thread, or NULL.
  struct perception_access_list *enclosing;
  void **registrars;
  const void **properties;
  size_t count;
  size_t capacity;
  /// The number of distinct registrars among the pairs.
  size_t registrar_count;
  /// Open-addressing index over the pairs and the registrars, built once the
  /// pairs no longer fit inline; NULL before that.
  uint32_t *index;
  size_t index_capacity;
  /// Whether perception_access_list_group has run since the last change.
  bool grouped;
  /// The setup mark (perception_observer_table.h, "Setup") the caller took at
  /// the list's first registrar, or 0 while it holds none; a merge keeps the
  /// lower of two.
  uint64_t setup_mark;
  void *inline_registrars[PERCEPTION_ACCESS_LIST_INLINE_CAPACITY];
  const void *inline_properties[PERCEPTION_ACCESS_LIST_INLINE_CAPACITY];
} perception_access_list;

/// Makes `list` empty, nested in `enclosing` (which may be NULL). `list` may
/// be uninitialized memory.
static inline void perception_access_list_init(perception_access_list *list,
                                               perception_access_list *enclosing) {
  list->enclosing = enclosing;
  list->registrars = list->inline_registrars;
  list->properties = list->inline_properties;
  list->count = 0;
  list->capacity = PERCEPTION_ACCESS_LIST_INLINE_CAPACITY;
  list->registrar_count = 0;
  list->index = NULL;
  list->index_capacity = 0;
  list->grouped = true;
  list->setup_mark = 0;
}

/// Frees the heap storage of a list that has some, out of line.
void perception_access_list_free_storage(perception_access_list *list);

/// Frees the list's heap storage and leaves it empty. It does not release the
/// registrars: the caller releases each distinct registrar first (see
/// perception_access_list_group) or has merged the list away.
static inline void perception_access_list_destroy(perception_access_list *list) {
  if (PERCEPTION_UNLIKELY(list->index != NULL || list->registrars != list->inline_registrars)) {
    perception_access_list_free_storage(list);
  }
  perception_access_list_init(list, list->enclosing);
}

/// Records a pair, out of line. Prefer perception_access_list_record.
perception_access_result perception_access_list_record_slow(perception_access_list *list,
                                                            void *registrar,
                                                            const void *property);

/// Records that `property` of `registrar` was read. Reading the same property
/// again, the common case in a loop, is answered without leaving this
/// function.
static inline perception_access_result perception_access_list_record(perception_access_list *list,
                                                                     void *registrar,
                                                                     const void *property) {
  size_t count = list->count;
  if (PERCEPTION_LIKELY(count != 0) && list->registrars[count - 1] == registrar &&
      list->properties[count - 1] == property) {
    return PERCEPTION_ACCESS_DUPLICATE;
  }
  return perception_access_list_record_slow(list, registrar, property);
}

/// Moves every pair of `inner` into `outer`, without duplicates, and leaves
/// `inner` empty. Each distinct registrar of `inner` that `outer` already held
/// has its now-redundant reference passed to `release_registrar`, once.
/// `outer` keeps the lower setup mark of the two.
void perception_access_list_merge(perception_access_list *outer, perception_access_list *inner,
                                  void (*release_registrar)(void *registrar));

/// Reorders the pairs so that those of one registrar are adjacent. Recording
/// again afterwards is allowed and ungroups the list.
void perception_access_list_group(perception_access_list *list);

/// On a grouped list: the end of the group that starts at `start` (< count),
/// that is, the first index whose registrar differs, or `count`.
size_t perception_access_list_group_end(const perception_access_list *list, size_t start);

#endif  // PERCEPTION_ACCESS_LIST_H
