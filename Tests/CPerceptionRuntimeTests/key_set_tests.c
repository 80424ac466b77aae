//===----------------------------------------------------------------------===//
//
// The key set: contains/insert, growth, and lock-free readers racing one
// inserting thread.
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include "CPerceptionRuntime.h"

#include <sched.h>
#include <stdatomic.h>

#define KEY(i) ((const void *)fake_pointer(4, (i)))
#define OTHER_KEY(i) ((const void *)fake_pointer(5, (i)))

static void test_contains_and_insert(void) {
  perception_key_set *set = perception_key_set_create();
  CHECK(!perception_key_set_contains(set, KEY(0)));
  CHECK(!perception_key_set_contains(set, NULL));
  perception_key_set_insert(set, KEY(0));
  CHECK(perception_key_set_contains(set, KEY(0)));
  CHECK(!perception_key_set_contains(set, KEY(1)));
  CHECK(!perception_key_set_contains(set, NULL));
  // Inserting again changes nothing.
  perception_key_set_insert(set, KEY(0));
  CHECK(perception_key_set_contains(set, KEY(0)));
  perception_key_set_insert(set, KEY(1));
  CHECK(perception_key_set_contains(set, KEY(1)));
  CHECK(perception_key_set_contains(set, KEY(0)));
  // Real addresses work as well as fake ones.
  static int a, b;
  perception_key_set_insert(set, &a);
  CHECK(perception_key_set_contains(set, &a));
  CHECK(!perception_key_set_contains(set, &b));
  perception_key_set_destroy(set);
}

static void test_growth_to_a_hundred_thousand_keys(void) {
  enum { KEYS = 100000 };
  perception_key_set *set = perception_key_set_create();
  size_t missing_while_growing = 0;
  for (uintptr_t i = 0; i < KEYS; i++) {
    perception_key_set_insert(set, KEY(i));
    // Every 1000th step, the earliest and latest keys are still there.
    if (i % 1000 == 0) {
      missing_while_growing += !perception_key_set_contains(set, KEY(0));
      missing_while_growing += !perception_key_set_contains(set, KEY(i));
    }
  }
  CHECK_EQ(missing_while_growing, 0);
  size_t found = 0;
  size_t false_positives = 0;
  for (uintptr_t i = 0; i < KEYS; i++) {
    found += perception_key_set_contains(set, KEY(i));
    false_positives += perception_key_set_contains(set, OTHER_KEY(i));
  }
  CHECK_EQ(found, KEYS);
  CHECK_EQ(false_positives, 0);
  // Duplicates of all of them change nothing.
  for (uintptr_t i = 0; i < KEYS; i += 7) {
    perception_key_set_insert(set, KEY(i));
  }
  found = 0;
  for (uintptr_t i = 0; i < KEYS; i++) {
    found += perception_key_set_contains(set, KEY(i));
  }
  CHECK_EQ(found, KEYS);
  perception_key_set_destroy(set);
}

//===--- One inserter, many readers --------------------------------------===//

#define READERS 3
#define CONCURRENT_KEYS 100000
/// Readers start once this many keys are in.
#define HEAD_START 20000

static perception_key_set *shared_set;
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
    perception_key_set_insert(shared_set, KEY(i));
    atomic_store_explicit(&inserted, i + 1, memory_order_release);
  }
  return NULL;
}

static void *read_while_inserting(void *argument) {
  reader_state *reader = argument;
  // Every key inserted before this reader started is there.
  size_t before = atomic_load_explicit(&inserted, memory_order_acquire);
  for (uintptr_t i = 0; i < before; i++) {
    reader->missing += !perception_key_set_contains(shared_set, KEY(i));
    reader->checks++;
  }
  // Then, while inserts go on, the newest finished keys and random older
  // ones are always there, and keys never inserted never are.
  for (;;) {
    size_t count = atomic_load_explicit(&inserted, memory_order_acquire);
    for (uintptr_t back = 1; back <= 16 && back <= count; back++) {
      reader->missing += !perception_key_set_contains(shared_set, KEY(count - back));
    }
    for (int k = 0; k < 16; k++) {
      uintptr_t i = (uintptr_t)(harness_random(&reader->random) % count);
      reader->missing += !perception_key_set_contains(shared_set, KEY(i));
      reader->false_positives += perception_key_set_contains(shared_set, OTHER_KEY(i));
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
    sched_yield();
  }
  return read_while_inserting(&thread->reader);
}

static void test_readers_while_one_thread_inserts(void) {
  shared_set = perception_key_set_create();
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
    found += perception_key_set_contains(shared_set, KEY(i));
  }
  CHECK_EQ(found, CONCURRENT_KEYS);
  perception_key_set_destroy(shared_set);
  shared_set = NULL;
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

/// The inserter starts from the set's zero-initialized state (no table), so
/// the reader races the insert that creates the first table.
static void *run_property_keys_thread(void *argument) {
  property_keys_thread *thread = argument;
  if (thread->is_inserter) {
    for (uintptr_t i = 0; i < PROPERTY_KEYS; i++) {
      perception_property_keys_insert(PROPERTY_KEY(i));
      if (i == 0) {
        atomic_store_explicit(&first_property_key_inserted, true, memory_order_release);
      }
    }
    return NULL;
  }
  for (;;) {
    bool inserted_before = atomic_load_explicit(&first_property_key_inserted, memory_order_acquire);
    bool found = perception_property_keys_contains(PROPERTY_KEY(0));
    thread->missing += inserted_before && !found;
    thread->false_positives += perception_property_keys_contains(PROPERTY_KEY(PROPERTY_KEYS));
    if (inserted_before) {
      return NULL;
    }
  }
}

static void test_process_wide_property_keys(void) {
  CHECK(!perception_property_keys_contains(PROPERTY_KEY(0)));
  CHECK(!perception_property_keys_contains(NULL));
  property_keys_thread threads[2] = {{.is_inserter = true}, {.is_inserter = false}};
  harness_run_threads(2, run_property_keys_thread, threads, sizeof(property_keys_thread));
  CHECK_EQ(threads[1].missing, 0);
  CHECK_EQ(threads[1].false_positives, 0);
  size_t found = 0;
  for (uintptr_t i = 0; i < PROPERTY_KEYS; i++) {
    found += perception_property_keys_contains(PROPERTY_KEY(i));
  }
  CHECK_EQ(found, PROPERTY_KEYS);
  CHECK(!perception_property_keys_contains(PROPERTY_KEY(PROPERTY_KEYS)));
  CHECK(!perception_property_keys_contains(NULL));
}

void run_key_set_tests(void) {
  RUN_TEST(test_contains_and_insert);
  RUN_TEST(test_growth_to_a_hundred_thousand_keys);
  RUN_TEST(test_readers_while_one_thread_inserts);
  RUN_TEST(test_process_wide_property_keys);
}
