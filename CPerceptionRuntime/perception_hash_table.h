//===----------------------------------------------------------------------===//
//
// The runtime's hash table: a map of fixed-size entries, each starting with a
// non-zero 64-bit key (0 marks an empty entry). Internal to the runtime.
//
// Most maps hold a few entries, so a table starts as a small array of
// PERCEPTION_HASH_TABLE_SMALL_LIMIT entries that its owner embeds (no
// allocation), searched linearly; removal moves the last entry into the hole.
// Past that it becomes an open-addressing (linear probing) table, at most
// half full, with backward-shift deletion, so no tombstones, and it goes back
// to the small array when it shrinks to PERCEPTION_HASH_TABLE_SHRINK_LIMIT
// entries; the gap between the two limits keeps a table that hovers around
// the small limit from switching back and forth. The emptied hashed array is
// kept as a spare and reused when the table grows again, so a table that
// swings between few and many entries (a fan-out whose one-shot observers all
// fire) neither reallocates nor regrows it each time.
//
// The entry size is a parameter of every call rather than a field, so that
// where find and insert are inlined with a constant size, indexing compiles
// to the same shifts and adds as a typed array. Entries move on insert (into
// the hashed array) and on erase: a pointer to one is good until the next
// change to the table.
//
// Two probing maps of the runtime are not built on it. The access list's
// index holds 4-byte positions into the list's own arrays, keyed by a
// (registrar, property) pair or by a registrar, and is rebuilt rather than
// erased from; entries that carry a 64-bit key would double its size and
// still not hold a pair. The key map's readers take no lock and race the
// insert that grows it, so its entries are atomics and a grown table is
// published while the old one is kept for readers still probing it; this
// table moves entries in place and frees what it leaves.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_HASH_TABLE_H
#define PERCEPTION_HASH_TABLE_H

#include "perception_internal.h"

#include <stdint.h>
#include <string.h>

/// A table stays a small array, searched linearly, up to this many entries.
#define PERCEPTION_HASH_TABLE_SMALL_LIMIT 8
/// A hashed table with this many entries or fewer goes back to a small array.
#define PERCEPTION_HASH_TABLE_SHRINK_LIMIT (PERCEPTION_HASH_TABLE_SMALL_LIMIT / 2)

typedef struct perception_hash_table {
  /// `small` while `capacity` is PERCEPTION_HASH_TABLE_SMALL_LIMIT, with the
  /// first `count` entries in use; a hashed array while it is larger.
  unsigned char *entries;
  size_t capacity;
  size_t count;
  /// The owner's array of PERCEPTION_HASH_TABLE_SMALL_LIMIT entries.
  unsigned char *small;
  /// The hashed array the table last left, all empty, or NULL.
  unsigned char *spare;
  size_t spare_capacity;
} perception_hash_table;

/// Makes `table` an empty small table over `small`, an array of
/// PERCEPTION_HASH_TABLE_SMALL_LIMIT entries that outlives it.
static inline void perception_hash_table_init(perception_hash_table *table, void *small) {
  table->entries = small;
  table->capacity = PERCEPTION_HASH_TABLE_SMALL_LIMIT;
  table->count = 0;
  table->small = small;
  table->spare = NULL;
  table->spare_capacity = 0;
}

/// Frees the table's arrays (not what its entries point to) and makes it
/// empty and small again.
void perception_hash_table_clear(perception_hash_table *table);

static inline bool perception_hash_table_is_hashed(const perception_hash_table *table) {
  return table->capacity > PERCEPTION_HASH_TABLE_SMALL_LIMIT;
}

static inline uint64_t perception_hash_table_key(const void *entry) {
  return *(const uint64_t *)entry;
}

static inline void *perception_hash_table_entry(const perception_hash_table *table, size_t index,
                                                size_t entry_size) {
  return table->entries + index * entry_size;
}

/// How far the entries to visit reach: all of a hashed array, whose empty
/// entries have key 0, or the first `count` of the small array.
static inline size_t perception_hash_table_end(const perception_hash_table *table) {
  return perception_hash_table_is_hashed(table) ? table->capacity : table->count;
}

/// Where `key` sits when nothing collides with it.
static inline size_t perception_hash_table_home(const perception_hash_table *table, uint64_t key) {
  return (size_t)perception_mix64(key) & (table->capacity - 1);
}

/// In a hashed table: the entry of `key`, or the empty entry where it would go.
static inline void *perception_hash_table_probe(const perception_hash_table *table, uint64_t key,
                                                size_t entry_size) {
  size_t mask = table->capacity - 1;
  size_t position = perception_hash_table_home(table, key);
  for (;;) {
    void *entry = perception_hash_table_entry(table, position, entry_size);
    uint64_t found = perception_hash_table_key(entry);
    if (found == key || found == 0) {
      return entry;
    }
    position = (position + 1) & mask;
  }
}

/// The entry of `key` (not 0), or NULL.
static inline void *perception_hash_table_find(const perception_hash_table *table, uint64_t key,
                                               size_t entry_size) {
  if (!perception_hash_table_is_hashed(table)) {
    for (size_t i = 0; i < table->count; i++) {
      void *entry = perception_hash_table_entry(table, i, entry_size);
      if (perception_hash_table_key(entry) == key) {
        return entry;
      }
    }
    return NULL;
  }
  void *entry = perception_hash_table_probe(table, key, entry_size);
  return perception_hash_table_key(entry) != 0 ? entry : NULL;
}

/// Makes room for one more entry, turning a full small table into a hashed
/// one or growing a hashed one that would pass half full. Out of line.
void perception_hash_table_reserve_slow(perception_hash_table *table, size_t entry_size);

/// Adds `key` (not 0, not in the table) and returns its entry, whose other
/// bytes the caller fills. May move every other entry.
static inline void *perception_hash_table_insert(perception_hash_table *table, uint64_t key,
                                                 size_t entry_size) {
  void *entry;
  if (!perception_hash_table_is_hashed(table) && table->count < PERCEPTION_HASH_TABLE_SMALL_LIMIT) {
    entry = perception_hash_table_entry(table, table->count, entry_size);
  } else {
    if (!perception_hash_table_is_hashed(table) || (table->count + 1) * 2 > table->capacity) {
      perception_hash_table_reserve_slow(table, entry_size);
    }
    entry = perception_hash_table_probe(table, key, entry_size);
  }
  *(uint64_t *)entry = key;
  table->count++;
  return entry;
}

/// Removes a hashed table's entry, out of line.
void perception_hash_table_erase_hashed(perception_hash_table *table, void *entry, size_t entry_size);

/// Removes `entry`, from perception_hash_table_find or _insert. May move
/// other entries.
static inline void perception_hash_table_erase(perception_hash_table *table, void *entry,
                                               size_t entry_size) {
  if (perception_hash_table_is_hashed(table)) {
    perception_hash_table_erase_hashed(table, entry, entry_size);
    return;
  }
  void *last = perception_hash_table_entry(table, --table->count, entry_size);
  if (entry != last) {
    memcpy(entry, last, entry_size);
  }
}

#endif  // PERCEPTION_HASH_TABLE_H
