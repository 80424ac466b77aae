//===----------------------------------------------------------------------===//
//
// The runtime's hash table: the small array, the move to a hashed array and
// back, the spare, backward-shift deletion, against a model.
//
//===----------------------------------------------------------------------===//

#include "harness.h"

// Internal to the runtime, so not in its public headers.
#include "../../CPerceptionRuntime/perception_hash_table.h"

/// An entry whose size is not a power of two, to check the indexing.
typedef struct test_entry {
  uint64_t key;
  uint64_t value;
  uint32_t check;
} test_entry;

#define ENTRY sizeof(test_entry)

static test_entry *find(perception_hash_table *table, uint64_t key) {
  return perception_hash_table_find(table, key, ENTRY);
}

static void insert(perception_hash_table *table, uint64_t key) {
  test_entry *entry = perception_hash_table_insert(table, key, ENTRY);
  entry->value = key * 3;
  entry->check = (uint32_t)key ^ 0x5a5a5a5au;
}

static bool erase(perception_hash_table *table, uint64_t key) {
  test_entry *entry = find(table, key);
  if (entry == NULL) {
    return false;
  }
  perception_hash_table_erase(table, entry, ENTRY);
  return true;
}

/// Every key of `present` is found with its value, every other one of
/// `0..<limit` is not, and the count agrees.
static void check_contents(perception_hash_table *table, const bool *present, uint64_t limit) {
  size_t count = 0;
  for (uint64_t key = 1; key < limit; key++) {
    test_entry *entry = find(table, key);
    if (present[key]) {
      count++;
      CHECK(entry != NULL);
      if (entry != NULL) {
        CHECK_EQ(entry->key, key);
        CHECK_EQ(entry->value, key * 3);
        CHECK_EQ(entry->check, (uint32_t)key ^ 0x5a5a5a5au);
      }
    } else {
      CHECK(entry == NULL);
    }
  }
  CHECK_EQ(table->count, count);
  // Visiting the entries up to the end meets each present key once.
  size_t visited = 0;
  for (size_t i = 0; i < perception_hash_table_end(table); i++) {
    test_entry *entry = perception_hash_table_entry(table, i, ENTRY);
    if (entry->key != 0) {
      visited++;
      CHECK(entry->key < limit && present[entry->key]);
    }
  }
  CHECK_EQ(visited, count);
}

static void test_small_table(void) {
  test_entry small[PERCEPTION_HASH_TABLE_SMALL_LIMIT];
  perception_hash_table table;
  perception_hash_table_init(&table, small);
  CHECK(find(&table, 1) == NULL);
  for (uint64_t key = 1; key <= PERCEPTION_HASH_TABLE_SMALL_LIMIT; key++) {
    insert(&table, key);
  }
  // Full, but still the small array: nothing allocated.
  CHECK(!perception_hash_table_is_hashed(&table));
  CHECK(table.entries == (unsigned char *)small);
  CHECK(erase(&table, 3));
  CHECK(!erase(&table, 3));
  bool present[PERCEPTION_HASH_TABLE_SMALL_LIMIT + 1] = {false};
  for (uint64_t key = 1; key <= PERCEPTION_HASH_TABLE_SMALL_LIMIT; key++) {
    present[key] = key != 3;
  }
  check_contents(&table, present, PERCEPTION_HASH_TABLE_SMALL_LIMIT + 1);
  perception_hash_table_clear(&table);
  CHECK_EQ(table.count, 0);
}

static void test_grow_shrink_and_spare(void) {
  enum { KEYS = 200 };
  test_entry small[PERCEPTION_HASH_TABLE_SMALL_LIMIT];
  perception_hash_table table;
  perception_hash_table_init(&table, small);
  bool present[KEYS + 1] = {false};
  for (int round = 0; round < 3; round++) {
    for (uint64_t key = 1; key <= KEYS; key++) {
      insert(&table, key);
      present[key] = true;
    }
    CHECK(perception_hash_table_is_hashed(&table));
    CHECK(table.count * 2 <= table.capacity);
    check_contents(&table, present, KEYS + 1);
    // Down past the shrink limit: back to the small array, the hashed one
    // kept as the spare.
    for (uint64_t key = 1; key <= KEYS - PERCEPTION_HASH_TABLE_SHRINK_LIMIT; key++) {
      CHECK(erase(&table, key));
      present[key] = false;
    }
    CHECK(!perception_hash_table_is_hashed(&table));
    CHECK(table.spare != NULL);
    check_contents(&table, present, KEYS + 1);
    for (uint64_t key = KEYS - PERCEPTION_HASH_TABLE_SHRINK_LIMIT + 1; key <= KEYS; key++) {
      CHECK(erase(&table, key));
      present[key] = false;
    }
    check_contents(&table, present, KEYS + 1);
  }
  // Leaving the small array again takes the spare, whatever its size.
  unsigned char *spare = table.spare;
  for (uint64_t key = 1; key <= PERCEPTION_HASH_TABLE_SMALL_LIMIT + 1; key++) {
    insert(&table, key);
  }
  CHECK(table.entries == spare);
  CHECK(table.spare == NULL);
  perception_hash_table_clear(&table);
  CHECK(!perception_hash_table_is_hashed(&table));
  CHECK_EQ(table.count, 0);
}

static void test_random_operations_match_a_model(void) {
  enum { KEYS = 300, STEPS = 40000 };
  test_entry small[PERCEPTION_HASH_TABLE_SMALL_LIMIT];
  perception_hash_table table;
  perception_hash_table_init(&table, small);
  bool present[KEYS] = {false};
  uint64_t state = 28;
  for (int step = 0; step < STEPS && !harness_test_failed(); step++) {
    // Phases that favour inserting, then erasing, so the table crosses the
    // small limit both ways many times.
    bool growing = (step / 997) % 2 == 0;
    uint64_t random = harness_random(&state);
    uint64_t key = 1 + random % (KEYS - 1);
    bool wants_insert = (random >> 32) % 4 != 0 ? growing : !growing;
    if (wants_insert && !present[key]) {
      insert(&table, key);
      present[key] = true;
    } else if (!wants_insert) {
      CHECK(erase(&table, key) == present[key]);
      present[key] = false;
    }
    if (step % 101 == 0) {
      check_contents(&table, present, KEYS);
    }
  }
  check_contents(&table, present, KEYS);
  perception_hash_table_clear(&table);
}

void run_hash_table_tests(void) {
  RUN_TEST(test_small_table);
  RUN_TEST(test_grow_shrink_and_spare);
  RUN_TEST(test_random_operations_match_a_model);
}
