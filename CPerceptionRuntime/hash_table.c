//===----------------------------------------------------------------------===//
//
// The hash table's slow paths: leaving the small array, growing, shrinking
// back, and backward-shift deletion. See perception_hash_table.h.
//
//===----------------------------------------------------------------------===//

#include "perception_hash_table.h"

#include <string.h>

/// The first capacity of a hashed table: room for SMALL_LIMIT + 1 entries at
/// a load of at most one half, and some more.
#define MIN_HASHED_CAPACITY ((size_t)(4 * PERCEPTION_HASH_TABLE_SMALL_LIMIT))

/// Moves every entry into a hashed array of `capacity` entries: the spare,
/// when leaving the small array and there is one, or a new one.
PERCEPTION_COLD static void rehash(perception_hash_table *table, size_t capacity, size_t entry_size) {
  unsigned char *old = table->entries;
  bool was_hashed = perception_hash_table_is_hashed(table);
  size_t old_end = perception_hash_table_end(table);
  if (!was_hashed && table->spare != NULL) {
    capacity = table->spare_capacity;
    table->entries = table->spare;
    table->spare = NULL;
  } else {
    table->entries = perception_allocate_zeroed(capacity, entry_size);
  }
  table->capacity = capacity;
  for (size_t i = 0; i < old_end; i++) {
    const unsigned char *entry = old + i * entry_size;
    uint64_t key = perception_hash_table_key(entry);
    if (key != 0) {
      memcpy(perception_hash_table_probe(table, key, entry_size), entry, entry_size);
    }
  }
  if (was_hashed) {
    free(old);
  }
}

void perception_hash_table_reserve_slow(perception_hash_table *table, size_t entry_size) {
  if (!perception_hash_table_is_hashed(table)) {
    if (table->count >= PERCEPTION_HASH_TABLE_SMALL_LIMIT) {
      rehash(table, MIN_HASHED_CAPACITY, entry_size);
    }
  } else if ((table->count + 1) * 2 > table->capacity) {
    // Keeps the capacity times the entry size within a size_t.
    size_t limit = (SIZE_MAX / entry_size) / 2 + 1;
    rehash(table, perception_grow_capacity(table->capacity, MIN_HASHED_CAPACITY, limit), entry_size);
  }
}

/// Moves the entries of a hashed table back into the small array, and keeps
/// the emptied hashed array as the spare.
PERCEPTION_COLD static void make_small(perception_hash_table *table, size_t entry_size) {
  unsigned char *old = table->entries;
  size_t count = 0;
  for (size_t i = 0; i < table->capacity; i++) {
    unsigned char *entry = old + i * entry_size;
    if (perception_hash_table_key(entry) != 0) {
      memcpy(table->small + count++ * entry_size, entry, entry_size);
      memset(entry, 0, entry_size);
    }
  }
  free(table->spare);
  table->spare = old;
  table->spare_capacity = table->capacity;
  table->entries = table->small;
  table->capacity = PERCEPTION_HASH_TABLE_SMALL_LIMIT;
}

void perception_hash_table_erase_hashed(perception_hash_table *table, void *entry, size_t entry_size) {
  // Backward-shift deletion: pull later entries of the probe run into the
  // hole when the hole lies between their home and their position, so every
  // entry stays reachable from its home without tombstones.
  size_t mask = table->capacity - 1;
  size_t hole = (size_t)((unsigned char *)entry - table->entries) / entry_size;
  size_t position = hole;
  for (;;) {
    position = (position + 1) & mask;
    void *next = perception_hash_table_entry(table, position, entry_size);
    uint64_t key = perception_hash_table_key(next);
    if (key == 0) {
      break;
    }
    size_t home = perception_hash_table_home(table, key);
    if (((position - home) & mask) >= ((position - hole) & mask)) {
      memcpy(perception_hash_table_entry(table, hole, entry_size), next, entry_size);
      hole = position;
    }
  }
  memset(perception_hash_table_entry(table, hole, entry_size), 0, entry_size);
  if (--table->count <= PERCEPTION_HASH_TABLE_SHRINK_LIMIT) {
    make_small(table, entry_size);
  }
}

void perception_hash_table_clear(perception_hash_table *table) {
  if (perception_hash_table_is_hashed(table)) {
    free(table->entries);
  }
  free(table->spare);
  perception_hash_table_init(table, table->small);
}
