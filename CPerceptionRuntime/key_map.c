//===----------------------------------------------------------------------===//
//
// The key map: an insert-only open-addressing (linear probing) table of
// pointer pairs, at most half full, with lock-free lookups.
//
// Readers load the current table with acquire and probe its entries until
// they find the key or an empty entry. The one inserting thread (inserts are
// serialized by the caller) fills an empty entry, value first and then the
// key with release, so a reader that loads the key with acquire sees the
// value. When the table would pass half full, the inserter copies every entry
// into a table twice the size and publishes it with a release store. A reader
// may still be probing the old table, so it is not freed: each table keeps the
// one it replaced, and only perception_key_map_destroy frees the chain. The
// retired tables add up to less than the current one.
//
// A map with no table yet (`current` NULL) is empty: that is what lets the
// process-wide map of property keys be a zero-initialized static, which Swift
// reaches with a plain call, where a Swift `static let` would pay a
// swift_once check on every lookup.
//
//===----------------------------------------------------------------------===//

#include "perception_key_map.h"
#include "perception_internal.h"

#include <stdatomic.h>

#define MIN_CAPACITY ((size_t)16)
#define MAX_CAPACITY ((SIZE_MAX / sizeof(key_entry)) / 4 + 1)

typedef struct key_entry {
  _Atomic(const void *) key;
  /// Stored before the key; never changes once the key is in.
  _Atomic(const void *) value;
} key_entry;

typedef struct key_table {
  /// capacity - 1; the capacity is a power of two.
  size_t mask;
  /// Keys in this table. Only the inserting thread reads or writes it.
  size_t count;
  /// The table this one replaced, kept for readers still probing it.
  struct key_table *retired;
  key_entry entries[];
} key_table;

struct perception_key_map {
  _Atomic(key_table *) current;
};

static key_table *table_create(size_t capacity) {
  if (PERCEPTION_UNLIKELY(capacity > MAX_CAPACITY)) {
    perception_fatal("perception_key_map: too many keys");
  }
  key_table *table = perception_allocate(sizeof(key_table) + capacity * sizeof(key_entry));
  table->mask = capacity - 1;
  table->count = 0;
  table->retired = NULL;
  for (size_t i = 0; i < capacity; i++) {
    atomic_init(&table->entries[i].key, NULL);
    atomic_init(&table->entries[i].value, NULL);
  }
  return table;
}

/// The entry holding `key`, or the empty entry where it would go. Only for
/// the inserting thread, which alone stores keys.
static key_entry *table_probe(key_table *table, const void *key) {
  size_t position = perception_hash_pointer(key) & table->mask;
  for (;;) {
    key_entry *entry = &table->entries[position];
    const void *found = atomic_load_explicit(&entry->key, memory_order_relaxed);
    if (found == key || found == NULL) {
      return entry;
    }
    position = (position + 1) & table->mask;
  }
}

/// Stores a new entry into `entry`, found empty by table_probe.
static void entry_fill(key_entry *entry, const void *key, const void *value) {
  atomic_store_explicit(&entry->value, value, memory_order_relaxed);
  atomic_store_explicit(&entry->key, key, memory_order_release);
}

perception_key_map *perception_key_map_create(void) {
  perception_key_map *map = perception_allocate(sizeof(perception_key_map));
  atomic_init(&map->current, NULL);
  return map;
}

void perception_key_map_destroy(perception_key_map *map) {
  key_table *table = atomic_load_explicit(&map->current, memory_order_acquire);
  while (table != NULL) {
    key_table *retired = table->retired;
    free(table);
    table = retired;
  }
  free(map);
}

const void *perception_key_map_find(const perception_key_map *map, const void *key) {
  // The cast drops only the const of the map: loading does not modify it.
  key_table *table =
      atomic_load_explicit(&((perception_key_map *)map)->current, memory_order_acquire);
  if (PERCEPTION_UNLIKELY(table == NULL)) {
    return NULL;
  }
  // A NULL key needs no test of its own: it stops at the first empty entry,
  // whose value is NULL.
  size_t position = perception_hash_pointer(key) & table->mask;
  for (;;) {
    key_entry *entry = &table->entries[position];
    const void *found = atomic_load_explicit(&entry->key, memory_order_acquire);
    if (found == key) {
      return atomic_load_explicit(&entry->value, memory_order_relaxed);
    }
    if (found == NULL) {
      return NULL;
    }
    position = (position + 1) & table->mask;
  }
}

void perception_key_map_insert(perception_key_map *map, const void *key, const void *value) {
  if (PERCEPTION_UNLIKELY(key == NULL || value == NULL)) {
    perception_fatal("perception_key_map_insert: the key or the value is NULL");
  }
  // Only this thread stores `current`, so relaxed reads its own stores.
  key_table *table = atomic_load_explicit(&map->current, memory_order_relaxed);
  if (PERCEPTION_UNLIKELY(table == NULL)) {
    table = table_create(MIN_CAPACITY);
    // The empty entries are initialized before a reader that acquires the
    // table probes it.
    atomic_store_explicit(&map->current, table, memory_order_release);
  }
  key_entry *entry = table_probe(table, key);
  if (atomic_load_explicit(&entry->key, memory_order_relaxed) == key) {
    if (atomic_load_explicit(&entry->value, memory_order_relaxed) != value) {
      perception_fatal("perception_key_map_insert: the key is already in with another value");
    }
    return;
  }
  if ((table->count + 1) * 2 > table->mask + 1) {
    key_table *grown = table_create((table->mask + 1) * 2);
    for (size_t i = 0; i <= table->mask; i++) {
      key_entry *existing = &table->entries[i];
      const void *existing_key = atomic_load_explicit(&existing->key, memory_order_relaxed);
      if (existing_key != NULL) {
        entry_fill(table_probe(grown, existing_key), existing_key,
                   atomic_load_explicit(&existing->value, memory_order_relaxed));
      }
    }
    grown->count = table->count;
    grown->retired = table;
    // Everything stored into `grown` above happens before a reader that
    // acquires it probes it.
    atomic_store_explicit(&map->current, grown, memory_order_release);
    table = grown;
    entry = table_probe(table, key);
  }
  entry_fill(entry, key, value);
  table->count++;
}

//===--- The process's property keys -------------------------------------===//

/// Zero-initialized: no table until the first insert.
static perception_key_map property_keys;

const void *perception_property_key_find(const void *key) {
  return perception_key_map_find(&property_keys, key);
}

void perception_property_key_insert(const void *key, const void *canonical) {
  perception_key_map_insert(&property_keys, key, canonical);
}
