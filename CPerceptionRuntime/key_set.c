//===----------------------------------------------------------------------===//
//
// The key set: an insert-only open-addressing (linear probing) table of
// pointers, at most half full, with lock-free lookups.
//
// Readers load the current table with acquire and probe its slots, which are
// C11 atomics, until they find the key or an empty slot. The one inserting
// thread (inserts are serialized by the caller) fills an empty slot, or, when
// the table would pass half full, copies every key into a table twice the
// size and publishes it with a release store. A reader may still be probing
// the old table, so it is not freed: each table keeps the one it replaced,
// and only perception_key_set_destroy frees the chain. The retired tables
// add up to less than the current one.
//
// A set with no table yet (`current` NULL) is empty: that is what lets the
// process-wide set of property keys be a zero-initialized static, which Swift
// reaches with a plain call, where a Swift `static let` would pay a
// swift_once check on every lookup.
//
// Slots are loaded relaxed: a slot holds nothing but the key itself, and a
// reader that happens after an insert sees it by coherence of that slot (or
// through the acquire load of a table that was filled before its release).
//
//===----------------------------------------------------------------------===//

#include "perception_key_set.h"
#include "perception_internal.h"

#include <stdatomic.h>

#define MIN_CAPACITY ((size_t)16)
#define MAX_CAPACITY ((SIZE_MAX / sizeof(void *)) / 4 + 1)

typedef struct key_table {
  /// capacity - 1; the capacity is a power of two.
  size_t mask;
  /// Keys in this table. Only the inserting thread reads or writes it.
  size_t count;
  /// The table this one replaced, kept for readers still probing it.
  struct key_table *retired;
  _Atomic(const void *) slots[];
} key_table;

struct perception_key_set {
  _Atomic(key_table *) current;
};

static key_table *table_create(size_t capacity) {
  if (PERCEPTION_UNLIKELY(capacity > MAX_CAPACITY)) {
    perception_fatal("perception_key_set: too many keys");
  }
  key_table *table = perception_allocate(sizeof(key_table) + capacity * sizeof(_Atomic(const void *)));
  table->mask = capacity - 1;
  table->count = 0;
  table->retired = NULL;
  for (size_t i = 0; i < capacity; i++) {
    atomic_init(&table->slots[i], NULL);
  }
  return table;
}

/// The slot holding `key`, or the empty slot where it would go.
static _Atomic(const void *) *table_probe(key_table *table, const void *key) {
  size_t position = perception_hash_pointer(key) & table->mask;
  for (;;) {
    const void *found = atomic_load_explicit(&table->slots[position], memory_order_relaxed);
    if (found == key || found == NULL) {
      return &table->slots[position];
    }
    position = (position + 1) & table->mask;
  }
}

perception_key_set *perception_key_set_create(void) {
  perception_key_set *set = perception_allocate(sizeof(perception_key_set));
  atomic_init(&set->current, table_create(MIN_CAPACITY));
  return set;
}

void perception_key_set_destroy(perception_key_set *set) {
  key_table *table = atomic_load_explicit(&set->current, memory_order_acquire);
  while (table != NULL) {
    key_table *retired = table->retired;
    free(table);
    table = retired;
  }
  free(set);
}

bool perception_key_set_contains(const perception_key_set *set, const void *key) {
  // The cast drops only the const of the set: loading does not modify it.
  key_table *table =
      atomic_load_explicit(&((perception_key_set *)set)->current, memory_order_acquire);
  if (PERCEPTION_UNLIKELY(table == NULL)) {
    return false;
  }
  size_t position = perception_hash_pointer(key) & table->mask;
  for (;;) {
    const void *found = atomic_load_explicit(&table->slots[position], memory_order_relaxed);
    if (found == key) {
      return key != NULL;
    }
    if (found == NULL) {
      return false;
    }
    position = (position + 1) & table->mask;
  }
}

void perception_key_set_insert(perception_key_set *set, const void *key) {
  if (PERCEPTION_UNLIKELY(key == NULL)) {
    perception_fatal("perception_key_set_insert: the key is NULL");
  }
  // Only this thread stores `current`, so relaxed reads its own stores.
  key_table *table = atomic_load_explicit(&set->current, memory_order_relaxed);
  if (PERCEPTION_UNLIKELY(table == NULL)) {
    table = table_create(MIN_CAPACITY);
    // The empty slots are initialized before a reader that acquires the
    // table probes it.
    atomic_store_explicit(&set->current, table, memory_order_release);
  }
  _Atomic(const void *) *slot = table_probe(table, key);
  if (atomic_load_explicit(slot, memory_order_relaxed) == key) {
    return;
  }
  if ((table->count + 1) * 2 > table->mask + 1) {
    key_table *grown = table_create((table->mask + 1) * 2);
    for (size_t i = 0; i <= table->mask; i++) {
      const void *existing = atomic_load_explicit(&table->slots[i], memory_order_relaxed);
      if (existing != NULL) {
        atomic_store_explicit(table_probe(grown, existing), existing, memory_order_relaxed);
      }
    }
    grown->count = table->count;
    grown->retired = table;
    // Everything stored into `grown` above happens before a reader that
    // acquires it probes it.
    atomic_store_explicit(&set->current, grown, memory_order_release);
    table = grown;
    slot = table_probe(table, key);
  }
  atomic_store_explicit(slot, key, memory_order_release);
  table->count++;
}

//===--- The process's property keys -------------------------------------===//

/// Zero-initialized: no table until the first insert.
static perception_key_set property_keys;

bool perception_property_keys_contains(const void *key) {
  return perception_key_set_contains(&property_keys, key);
}

void perception_property_keys_insert(const void *key) {
  perception_key_set_insert(&property_keys, key);
}
