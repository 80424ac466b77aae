//===----------------------------------------------------------------------===//
//
// perception_atomic_pointer: the word a `@Perceptible` object keeps, published
// once from NULL; and the engine word's native tests, with and without the
// native-boxed bit.
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include "CPerceptionRuntime.h"

#include <sched.h>
#include <stdatomic.h>

#define PUBLISH_THREADS 4
#define PUBLISH_ROUNDS 200

static void test_pointer_publishes_once_from_null(void) {
  perception_atomic_pointer word;
  perception_atomic_pointer_init(&word, NULL);
  CHECK(perception_atomic_pointer_load_acquire(&word) == NULL);
  CHECK(perception_atomic_pointer_publish(&word, fake_pointer(1, 0)));
  CHECK_EQ(perception_atomic_pointer_load_acquire(&word), fake_pointer(1, 0));
  CHECK(!perception_atomic_pointer_publish(&word, fake_pointer(1, 1)));
  CHECK_EQ(perception_atomic_pointer_load_acquire(&word), fake_pointer(1, 0));

  perception_atomic_pointer made;
  perception_atomic_pointer_init(&made, fake_pointer(2, 0));
  CHECK(!perception_atomic_pointer_publish(&made, fake_pointer(2, 1)));
  CHECK_EQ(perception_atomic_pointer_load_acquire(&made), fake_pointer(2, 0));
}

/// One round's word, and what each thread saw: whether its publish won, and the
/// word it loaded after.
typedef struct publish_round {
  perception_atomic_pointer word;
  /// Threads that have arrived: each spins until all have, so that they publish together
  /// (pthread barriers are not on every platform the tests build on).
  atomic_int arrived;
  bool won[PUBLISH_THREADS];
  void *seen[PUBLISH_THREADS];
} publish_round;

typedef struct publish_argument {
  publish_round *round;
  uintptr_t index;
} publish_argument;

static void *publish_racing(void *raw) {
  publish_argument *argument = raw;
  publish_round *round = argument->round;
  atomic_fetch_add(&round->arrived, 1);
  while (atomic_load(&round->arrived) < PUBLISH_THREADS) {
    sched_yield();
  }
  round->won[argument->index] =
      perception_atomic_pointer_publish(&round->word, fake_pointer(3, argument->index));
  round->seen[argument->index] = perception_atomic_pointer_load_acquire(&round->word);
  return NULL;
}

static void test_racing_publishers_agree_on_one_winner(void) {
  publish_round round;
  publish_argument arguments[PUBLISH_THREADS];
  for (int r = 0; r < PUBLISH_ROUNDS && !harness_test_failed(); r++) {
    perception_atomic_pointer_init(&round.word, NULL);
    atomic_store(&round.arrived, 0);
    for (uintptr_t i = 0; i < PUBLISH_THREADS; i++) {
      arguments[i] = (publish_argument){.round = &round, .index = i};
    }
    harness_run_threads(PUBLISH_THREADS, publish_racing, arguments, sizeof(publish_argument));
    int winners = 0;
    uintptr_t winner = 0;
    for (uintptr_t i = 0; i < PUBLISH_THREADS; i++) {
      if (round.won[i]) {
        winners++;
        winner = i;
      }
    }
    CHECK_EQ(winners, 1);
    for (uintptr_t i = 0; i < PUBLISH_THREADS; i++) {
      CHECK_EQ(round.seen[i], fake_pointer(3, winner));
    }
  }
}

static void test_native_with_and_without_the_boxed_bit(void) {
  uint32_t saved = perception_engine_load();
  const uint32_t settled = PERCEPTION_ENGINE_SETTLED;
  const uint32_t native = PERCEPTION_ENGINE_NATIVE | settled;
  const uint32_t values[] = {0, PERCEPTION_ENGINE_PERCEPTION, PERCEPTION_ENGINE_NATIVE,
                             PERCEPTION_ENGINE_PERCEPTION | settled, native,
                             native | PERCEPTION_ENGINE_NATIVE_BOXED};
  const bool expected[] = {false, false, false, false, true, true};
  for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
    atomic_store(&perception_engine_word.value, values[i]);
    CHECK_EQ(perception_engine_is_native(), expected[i]);
  }
  atomic_store(&perception_engine_word.value, saved);
}

void run_atomics_tests(void) {
  RUN_TEST(test_pointer_publishes_once_from_null);
  RUN_TEST(test_racing_publishers_agree_on_one_winner);
  RUN_TEST(test_native_with_and_without_the_boxed_bit);
}
