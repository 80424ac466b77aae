//===----------------------------------------------------------------------===//
//
// The key map: find/insert, growth, lock-free readers racing one inserting
// thread, and the process-wide map of property keys.
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include "CPerceptionRuntime.h"

#include <stdatomic.h>

#define KEY(i) ((const void *)fake_pointer(4, (i)))
#define OTHER_KEY(i) ((const void *)fake_pointer(5, (i)))
/// The value each test inserts with KEY(i).
#define VALUE(i) ((const void *)fake_pointer(7, (i)))

static void test_find_and_insert(void) {
  perception_key_map *map = perception_key_map_create();
  CHECK(perception_key_map_find(map, KEY(0)) == NULL);
  CHECK(perception_key_map_find(map, NULL) == NULL);
  perception_key_map_insert(map, KEY(0), VALUE(0));
  CHECK(perception_key_map_find(map, KEY(0)) == VALUE(0));
  CHECK(perception_key_map_find(map, KEY(1)) == NULL);
  CHECK(perception_key_map_find(map, NULL) == NULL);
  // Inserting again with the same value changes nothing.
  perception_key_map_insert(map, KEY(0), VALUE(0));
  CHECK(perception_key_map_find(map, KEY(0)) == VALUE(0));
  perception_key_map_insert(map, KEY(1), VALUE(1));
  CHECK(perception_key_map_find(map, KEY(1)) == VALUE(1));
  CHECK(perception_key_map_find(map, KEY(0)) == VALUE(0));
  // A key may map to itself (a canonical key path) or to another key (an
  // alias of it), and real addresses work as well as fake ones.
  static int a, b, c;
  perception_key_map_insert(map, &a, &a);
  perception_key_map_insert(map, &b, &a);
  CHECK(perception_key_map_find(map, &a) == &a);
  CHECK(perception_key_map_find(map, &b) == &a);
  CHECK(perception_key_map_find(map, &c) == NULL);
  perception_key_map_destroy(map);
}

static void test_growth_to_a_hundred_thousand_keys(void) {
  enum { KEYS = 100000 };
  perception_key_map *map = perception_key_map_create();
  size_t missing_while_growing = 0;
  for (uintptr_t i = 0; i < KEYS; i++) {
    perception_key_map_insert(map, KEY(i), VALUE(i));
    // Every 1000th step, the earliest and latest keys are still there.
    if (i % 1000 == 0) {
      missing_while_growing += (perception_key_map_find(map, KEY(0)) != VALUE(0));
      missing_while_growing += (perception_key_map_find(map, KEY(i)) != VALUE(i));
    }
  }
  CHECK_EQ(missing_while_growing, 0);
  size_t found = 0;
  size_t false_positives = 0;
  for (uintptr_t i = 0; i < KEYS; i++) {
    found += (perception_key_map_find(map, KEY(i)) == VALUE(i));
    false_positives += (perception_key_map_find(map, OTHER_KEY(i)) != NULL);
  }
  CHECK_EQ(found, KEYS);
  CHECK_EQ(false_positives, 0);
  // Duplicates of all of them change nothing.
  for (uintptr_t i = 0; i < KEYS; i += 7) {
    perception_key_map_insert(map, KEY(i), VALUE(i));
  }
  found = 0;
  for (uintptr_t i = 0; i < KEYS; i++) {
    found += (perception_key_map_find(map, KEY(i)) == VALUE(i));
  }
  CHECK_EQ(found, KEYS);
  perception_key_map_destroy(map);
}

//===--- One inserter, many readers --------------------------------------===//

#define READERS 3
#define CONCURRENT_KEYS 100000
/// Readers start once this many keys are in.
#define HEAD_START 20000

static perception_key_map *shared_map;
/// How many keys (KEY(0) ..< inserted) the inserter has finished inserting.
static atomic_size_t inserted;

typedef struct reader_state {
  uint64_t random;
  size_t checks;
  size_t missing;
  size_t false_positives;
} reader_state;

static void *insert_all(void *argument) {
  (void)argument;
  for (uintptr_t i = 0; i < CONCURRENT_KEYS; i++) {
    perception_key_map_insert(shared_map, KEY(i), VALUE(i));
    atomic_store_explicit(&inserted, i + 1, memory_order_release);
  }
  return NULL;
}

static void *read_while_inserting(void *argument) {
  reader_state *reader = argument;
  // Every key inserted before this reader started is there.
  size_t before = atomic_load_explicit(&inserted, memory_order_acquire);
  for (uintptr_t i = 0; i < before; i++) {
    reader->missing += (perception_key_map_find(shared_map, KEY(i)) != VALUE(i));
    reader->checks++;
  }
  // Then, while inserts go on, the newest finished keys and random older
  // ones are always there, and keys never inserted never are.
  for (;;) {
    size_t count = atomic_load_explicit(&inserted, memory_order_acquire);
    for (uintptr_t back = 1; back <= 16 && back <= count; back++) {
      uintptr_t i = count - back;
      reader->missing += (perception_key_map_find(shared_map, KEY(i)) != VALUE(i));
    }
    for (int k = 0; k < 16; k++) {
      uintptr_t i = (uintptr_t)(harness_random(&reader->random) % count);
      reader->missing += (perception_key_map_find(shared_map, KEY(i)) != VALUE(i));
      reader->false_positives += (perception_key_map_find(shared_map, OTHER_KEY(i)) != NULL);
    }
    reader->checks += 48;
    if (count == CONCURRENT_KEYS) {
      break;
    }
  }
  return NULL;
}

typedef struct concurrent_thread {
  bool is_inserter;
  reader_state reader;
} concurrent_thread;

static void *run_concurrent_thread(void *argument) {
  concurrent_thread *thread = argument;
  if (thread->is_inserter) {
    return insert_all(NULL);
  }
  // Readers wait for the head start, so that they begin with many keys in
  // and go on while the table keeps growing.
  while (atomic_load_explicit(&inserted, memory_order_acquire) < HEAD_START) {
    harness_yield();
  }
  return read_while_inserting(&thread->reader);
}

static void test_readers_while_one_thread_inserts(void) {
  shared_map = perception_key_map_create();
  atomic_store(&inserted, 0);
  concurrent_thread threads[1 + READERS];
  for (int i = 0; i <= READERS; i++) {
    threads[i].is_inserter = i == 0;
    threads[i].reader.random = (uint64_t)i * 1000003;
    threads[i].reader.checks = 0;
    threads[i].reader.missing = 0;
    threads[i].reader.false_positives = 0;
  }
  harness_run_threads(1 + READERS, run_concurrent_thread, threads, sizeof(concurrent_thread));
  for (int i = 1; i <= READERS; i++) {
    CHECK(threads[i].reader.checks >= HEAD_START);
    CHECK_EQ(threads[i].reader.missing, 0);
    CHECK_EQ(threads[i].reader.false_positives, 0);
  }
  size_t found = 0;
  for (uintptr_t i = 0; i < CONCURRENT_KEYS; i++) {
    found += (perception_key_map_find(shared_map, KEY(i)) == VALUE(i));
  }
  CHECK_EQ(found, CONCURRENT_KEYS);
  perception_key_map_destroy(shared_map);
  shared_map = NULL;
}

//===--- The process-wide property keys ----------------------------------===//

#define PROPERTY_KEY(i) ((const void *)fake_pointer(6, (i)))
#define PROPERTY_KEYS 1000

/// Set by the inserter once PROPERTY_KEY(0) is in.
static atomic_bool first_property_key_inserted;

typedef struct property_keys_thread {
  bool is_inserter;
  size_t missing;
  size_t false_positives;
} property_keys_thread;

/// The inserter starts from the map's zero-initialized state (no table), so
/// the reader races the insert that creates the first table.
static void *run_property_keys_thread(void *argument) {
  property_keys_thread *thread = argument;
  if (thread->is_inserter) {
    for (uintptr_t i = 0; i < PROPERTY_KEYS; i++) {
      // Each key is canonical but the last few, aliases of PROPERTY_KEY(0).
      perception_property_key_insert(
          PROPERTY_KEY(i), i + 4 < PROPERTY_KEYS ? PROPERTY_KEY(i) : PROPERTY_KEY(0));
      if (i == 0) {
        atomic_store_explicit(&first_property_key_inserted, true, memory_order_release);
      }
    }
    return NULL;
  }
  for (;;) {
    bool inserted_before = atomic_load_explicit(&first_property_key_inserted, memory_order_acquire);
    bool found = perception_property_key_find(PROPERTY_KEY(0)) == PROPERTY_KEY(0);
    thread->missing += inserted_before && !found;
    thread->false_positives += perception_property_key_find(PROPERTY_KEY(PROPERTY_KEYS)) != NULL;
    if (inserted_before) {
      return NULL;
    }
  }
}

static void test_process_wide_property_keys(void) {
  CHECK(perception_property_key_find(PROPERTY_KEY(0)) == NULL);
  CHECK(perception_property_key_find(NULL) == NULL);
  property_keys_thread threads[2] = {{.is_inserter = true}, {.is_inserter = false}};
  harness_run_threads(2, run_property_keys_thread, threads, sizeof(property_keys_thread));
  CHECK_EQ(threads[1].missing, 0);
  CHECK_EQ(threads[1].false_positives, 0);
  size_t found = 0;
  for (uintptr_t i = 0; i < PROPERTY_KEYS; i++) {
    const void *canonical = i + 4 < PROPERTY_KEYS ? PROPERTY_KEY(i) : PROPERTY_KEY(0);
    found += perception_property_key_find(PROPERTY_KEY(i)) == canonical;
  }
  CHECK_EQ(found, PROPERTY_KEYS);
  CHECK(perception_property_key_find(PROPERTY_KEY(PROPERTY_KEYS)) == NULL);
  CHECK(perception_property_key_find(NULL) == NULL);
}

void run_key_map_tests(void) {
  RUN_TEST(test_find_and_insert);
  RUN_TEST(test_growth_to_a_hundred_thousand_keys);
  RUN_THREADED_TEST(test_readers_while_one_thread_inserts);
  RUN_THREADED_TEST(test_process_wide_property_keys);
}
