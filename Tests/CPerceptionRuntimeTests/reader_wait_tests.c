//===----------------------------------------------------------------------===//
//
// perception_wait_for_readers: a waiter returns at once when no reader is
// left, and otherwise only after the last reader has left, woken by it; no
// wake-up is lost however the two race. The readers leave as ObserverState's
// do: one compare-exchange that takes a reader out, then, from the last, a
// wake-up if the waiter bit was set.
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include "CPerceptionRuntime.h"

#include <stdatomic.h>

// ObserverState's layout: the waiter bit, and the readers counted above it.
#define WAITER_BIT UINT32_C(16)
#define ONE_READER UINT32_C(32)
#define READER_MASK (~(ONE_READER - 1))
// A finished stage in the low bits, which the wait leaves alone.
#define FINISHED UINT32_C(3)

static void leave(perception_atomic_u32 *word) {
  for (;;) {
    uint32_t current = perception_atomic_u32_load_acquire(word);
    if (perception_atomic_u32_compare_exchange(word, current, current - ONE_READER)) {
      if ((current & WAITER_BIT) != 0 && (current & READER_MASK) == ONE_READER) {
        perception_wake_reader_waiters();
      }
      return;
    }
  }
}

static void test_reader_wait_returns_at_once_without_readers(void) {
  perception_atomic_u32 word;
  perception_atomic_u32_init(&word, FINISHED);
  perception_wait_for_readers(&word, READER_MASK, WAITER_BIT);
  // Nothing to wait for: the waiter bit was never set.
  CHECK_EQ(perception_atomic_u32_load_acquire(&word), FINISHED);
  // A wake-up with nobody waiting is harmless.
  perception_wake_reader_waiters();
}

/// One round: READERS readers leave while WAITERS threads wait for them.
#define READERS 2
#define WAITERS 2

typedef struct reader_wait_round {
  perception_atomic_u32 word;
  atomic_int left;
  // Whether a reader leaves only once a waiter has set the waiter bit, so that
  // the wait surely sleeps and only the wake-up ends it.
  bool after_waiter;
} reader_wait_round;

typedef struct reader_wait_thread {
  reader_wait_round *round;
  bool is_reader;
} reader_wait_thread;

static void *reader_wait_body(void *argument) {
  reader_wait_thread *thread = argument;
  reader_wait_round *round = thread->round;
  if (thread->is_reader) {
    while (round->after_waiter && (perception_atomic_u32_load_acquire(&round->word) & WAITER_BIT) == 0) {
      harness_yield();
    }
    atomic_fetch_add_explicit(&round->left, 1, memory_order_relaxed);
    leave(&round->word);
  } else {
    perception_wait_for_readers(&round->word, READER_MASK, WAITER_BIT);
    // Every reader left before the wait returned, and the last one's exchange,
    // which the wait's load acquires, came after every reader's count.
    CHECK_EQ(atomic_load_explicit(&round->left, memory_order_relaxed), READERS);
    CHECK_EQ(perception_atomic_u32_load_acquire(&round->word) & ~WAITER_BIT, FINISHED);
  }
  return NULL;
}

static void run_rounds(int rounds, bool after_waiter) {
  for (int i = 0; i < rounds && !harness_test_failed(); i++) {
    reader_wait_round round;
    perception_atomic_u32_init(&round.word, FINISHED + READERS * ONE_READER);
    atomic_init(&round.left, 0);
    round.after_waiter = after_waiter;
    reader_wait_thread threads[READERS + WAITERS];
    for (int t = 0; t < READERS + WAITERS; t++) {
      // Readers and waiters alternate, so that either may start first.
      threads[t] = (reader_wait_thread){&round, t % 2 == (i % 2)};
    }
    harness_run_threads(READERS + WAITERS, reader_wait_body, threads, sizeof(reader_wait_thread));
    if (after_waiter) {
      // The readers left only once a waiter had set the bit, which stays.
      CHECK_EQ(perception_atomic_u32_load_acquire(&round.word), FINISHED | WAITER_BIT);
    }
  }
}

static void test_reader_wait_sleeps_until_the_last_reader_wakes_it(void) {
  // A lost wake-up hangs the test (c-tests.sh's timeout fails it).
  run_rounds(200, true);
}

static void test_reader_wait_races_with_readers_leaving(void) {
  // The readers leave whenever they run: before, while or after the waiters check.
  run_rounds(1000, false);
}

void run_reader_wait_tests(void) {
  RUN_TEST(test_reader_wait_returns_at_once_without_readers);
  RUN_THREADED_TEST(test_reader_wait_sleeps_until_the_last_reader_wakes_it);
  RUN_THREADED_TEST(test_reader_wait_races_with_readers_leaving);
}
