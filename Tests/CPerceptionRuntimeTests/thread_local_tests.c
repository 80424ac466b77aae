//===----------------------------------------------------------------------===//
//
// The per-thread slot: each thread sees only its own value, and a new thread
// starts at 0. The same tests run against whichever storage the build chose
// (.ci/c-tests.sh builds each of them).
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include "CPerceptionRuntime.h"

#include <stdatomic.h>
#include <stdio.h>

#define SLOT_THREADS 6
#define SLOT_ROUNDS 1000

/// A minimal barrier, in C11 atomics so that it needs no thread library: the
/// last thread to arrive resets the count, then opens the next generation.
typedef struct slot_barrier {
  atomic_int waiting;
  atomic_int generation;
  int parties;
} slot_barrier;

static void barrier_wait(slot_barrier *barrier) {
  int generation = atomic_load_explicit(&barrier->generation, memory_order_acquire);
  if (atomic_fetch_add_explicit(&barrier->waiting, 1, memory_order_acq_rel) + 1 == barrier->parties) {
    atomic_store_explicit(&barrier->waiting, 0, memory_order_relaxed);
    atomic_fetch_add_explicit(&barrier->generation, 1, memory_order_release);
  } else {
    while (atomic_load_explicit(&barrier->generation, memory_order_acquire) == generation) {
      harness_yield();
    }
  }
}

static slot_barrier slot_test_barrier = {0, 0, SLOT_THREADS};

typedef struct slot_thread {
  uintptr_t value;
  uintptr_t seen_at_start;
  bool always_own_value;
} slot_thread;

static void *use_slot(void *argument) {
  slot_thread *thread = argument;
  thread->seen_at_start = perception_slot_get();
  thread->always_own_value = true;
  perception_slot_set(thread->value);
  // Every thread has set its value before any thread checks.
  barrier_wait(&slot_test_barrier);
  for (int round = 0; round < SLOT_ROUNDS; round++) {
    uintptr_t expected = thread->value + (uintptr_t)round * 64;
    perception_slot_set(expected);
    if (perception_slot_get() != expected) {
      thread->always_own_value = false;
    }
  }
  barrier_wait(&slot_test_barrier);
  thread->always_own_value = thread->always_own_value &&
                             perception_slot_get() == thread->value + (uintptr_t)(SLOT_ROUNDS - 1) * 64;
  return NULL;
}

static void test_slot_is_per_thread(void) {
  uintptr_t main_value = (uintptr_t)0x1000 | 3;  // an address with flag bits
  perception_slot_set(main_value);
  slot_thread threads[SLOT_THREADS];
  for (int i = 0; i < SLOT_THREADS; i++) {
    threads[i].value = (uintptr_t)(i + 1) * 0x100000 + (uintptr_t)(i & 7);
    threads[i].seen_at_start = 12345;
    threads[i].always_own_value = false;
  }
  harness_run_threads(SLOT_THREADS, use_slot, threads, sizeof(slot_thread));
  for (int i = 0; i < SLOT_THREADS; i++) {
    CHECK_EQ(threads[i].seen_at_start, 0);
    CHECK(threads[i].always_own_value);
  }
  CHECK_EQ(perception_slot_get(), main_value);
  perception_slot_set(0);
  CHECK_EQ(perception_slot_get(), 0);
}

static void *read_slot_once(void *argument) {
  uintptr_t *seen = argument;
  *seen = perception_slot_get();
  perception_slot_set(0xdead0);
  return NULL;
}

static void test_new_thread_starts_at_zero(void) {
  perception_slot_set(0xabc0);
  // Threads started one after another, after earlier ones set their slots.
  for (int i = 0; i < 4; i++) {
    uintptr_t seen = 1;
    harness_run_threads(1, read_slot_once, &seen, sizeof(seen));
    CHECK_EQ(seen, 0);
  }
  CHECK_EQ(perception_slot_get(), 0xabc0);
  perception_slot_set(0);
}

static void test_slot_holds_flag_bits(void) {
  CHECK_EQ(PERCEPTION_SLOT_FLAG_MASK, 7);
  for (uintptr_t flags = 0; flags <= PERCEPTION_SLOT_FLAG_MASK; flags++) {
    uintptr_t value = (uintptr_t)0x7f00 | flags;
    perception_slot_set(value);
    CHECK_EQ(perception_slot_get(), value);
    CHECK_EQ(perception_slot_get() & PERCEPTION_SLOT_FLAG_MASK, flags);
  }
  perception_slot_set(0);
}

static void *use_callback_depth(void *argument) {
  slot_thread *thread = argument;
  thread->seen_at_start = perception_callback_depth_get();
  thread->always_own_value = true;
  for (int round = 0; round < SLOT_ROUNDS; round++) {
    uintptr_t expected = thread->value + (uintptr_t)round;
    perception_callback_depth_set(expected);
    // The slot is a separate word: setting one leaves the other alone.
    if (perception_callback_depth_get() != expected || perception_slot_get() != 0) {
      thread->always_own_value = false;
    }
  }
  perception_callback_depth_set(0);
  return NULL;
}

static void test_callback_depth_is_per_thread_and_apart_from_the_slot(void) {
  perception_callback_depth_set(5);
  CHECK_EQ(perception_slot_get(), 0);
  slot_thread threads[SLOT_THREADS];
  for (int i = 0; i < SLOT_THREADS; i++) {
    threads[i].value = (uintptr_t)(i + 1) * 0x10000;
    threads[i].seen_at_start = 12345;
    threads[i].always_own_value = false;
  }
  harness_run_threads(SLOT_THREADS, use_callback_depth, threads, sizeof(slot_thread));
  for (int i = 0; i < SLOT_THREADS; i++) {
    CHECK_EQ(threads[i].seen_at_start, 0);
    CHECK(threads[i].always_own_value);
  }
  CHECK_EQ(perception_callback_depth_get(), 5);
  perception_slot_set(0x3000);
  CHECK_EQ(perception_callback_depth_get(), 5);
  perception_slot_set(0);
  perception_callback_depth_set(0);
  CHECK_EQ(perception_callback_depth_get(), 0);
}

void run_thread_local_tests(void) {
#if defined(PERCEPTION_THREAD_LOCAL_PTHREAD_KEY)
  printf("thread-local slot: pthread key\n");
#elif defined(PERCEPTION_THREAD_LOCAL_KEYWORD)
  printf("thread-local slot: _Thread_local\n");
#else
  printf("thread-local slot: static\n");
#endif
  RUN_TEST(test_slot_holds_flag_bits);
  RUN_THREADED_TEST(test_slot_is_per_thread);
  RUN_THREADED_TEST(test_new_thread_starts_at_zero);
  RUN_THREADED_TEST(test_callback_depth_is_per_thread_and_apart_from_the_slot);
}
