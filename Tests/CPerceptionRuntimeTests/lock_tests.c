//===----------------------------------------------------------------------===//
//
// perception_lock: mutual exclusion under contention.
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include "CPerceptionRuntime.h"

#define LOCK_THREADS 8
#define LOCK_INCREMENTS 100000

typedef struct lock_test_state {
  perception_lock lock;
  // Deliberately not atomic: only the lock makes the increments exact.
  unsigned long counter;
  // Whether any thread saw another inside the critical section.
  unsigned long inside;
  unsigned long overlaps;
} lock_test_state;

static lock_test_state lock_state;

static void *increment_under_lock(void *argument) {
  (void)argument;
  for (int i = 0; i < LOCK_INCREMENTS; i++) {
    perception_lock_lock(&lock_state.lock);
    if (lock_state.inside != 0) {
      lock_state.overlaps++;
    }
    lock_state.inside = 1;
    lock_state.counter++;
    lock_state.inside = 0;
    perception_lock_unlock(&lock_state.lock);
  }
  return NULL;
}

static void test_lock_counter_under_eight_threads(void) {
  perception_lock_init(&lock_state.lock);
  lock_state.counter = 0;
  lock_state.inside = 0;
  lock_state.overlaps = 0;
  char unused[LOCK_THREADS];
  harness_run_threads(LOCK_THREADS, increment_under_lock, unused, sizeof(char));
  CHECK_EQ(lock_state.counter, (unsigned long)LOCK_THREADS * LOCK_INCREMENTS);
  CHECK_EQ(lock_state.overlaps, 0);
  perception_lock_destroy(&lock_state.lock);
}

static void test_lock_init_lock_unlock_destroy(void) {
  // A lock can be taken and released repeatedly, and destroyed unheld.
  perception_lock lock;
  perception_lock_init(&lock);
  int value = 0;
  for (int i = 0; i < 3; i++) {
    perception_lock_lock(&lock);
    value++;
    perception_lock_unlock(&lock);
  }
  perception_lock_destroy(&lock);
  CHECK_EQ(value, 3);
}

void run_lock_tests(void) {
  RUN_TEST(test_lock_init_lock_unlock_destroy);
  RUN_THREADED_TEST(test_lock_counter_under_eight_threads);
}
