//===----------------------------------------------------------------------===//
//
// A tiny assertion harness for the C runtime's tests.
//
// A test is a `void (void)` function run by RUN_TEST; it passes when no CHECK
// in it (on any thread) failed. A test that starts threads runs by
// RUN_THREADED_TEST, and a single-threaded build skips it. main() prints
// "N passed, N failed" last (", N skipped" after it when a test was skipped)
// and exits non-zero on any failure.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_TEST_HARNESS_H
#define PERCEPTION_TEST_HARNESS_H

#include "perception_platform.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Records a failed check of the current test. Safe from any thread.
void harness_fail(const char *file, int line, const char *expression);
void harness_fail_values(const char *file, int line, const char *expression, unsigned long long actual,
                         unsigned long long expected);
/// Whether the current test has failed so far (to stop a loop early).
bool harness_test_failed(void);
void harness_run(const char *name, void (*test)(void));
/// Counts a test as skipped, without running it.
void harness_skip(const char *name, void (*test)(void), const char *reason);

#define CHECK(condition)                                \
  do {                                                  \
    if (!(condition)) {                                 \
      harness_fail(__FILE__, __LINE__, #condition);     \
    }                                                   \
  } while (0)

/// Fails the current test unconditionally, with a message.
#define FAIL(message) harness_fail(__FILE__, __LINE__, message)

/// Checks that two integers (or pointers, cast to uintptr_t) are equal, and
/// prints both when they are not.
#define CHECK_EQ(actual, expected)                                                          \
  do {                                                                                      \
    unsigned long long harness_actual_ = (unsigned long long)(actual);                      \
    unsigned long long harness_expected_ = (unsigned long long)(expected);                  \
    if (harness_actual_ != harness_expected_) {                                             \
      harness_fail_values(__FILE__, __LINE__, #actual " == " #expected, harness_actual_,   \
                          harness_expected_);                                               \
    }                                                                                       \
  } while (0)

#define RUN_TEST(test) harness_run(#test, test)

/// Runs a test that starts threads (harness_run_threads); the single-threaded
/// build, where there are none, skips it.
#if defined(PERCEPTION_PLATFORM_SINGLE_THREADED)
#define RUN_THREADED_TEST(test) harness_skip(#test, test, "needs threads")
#else
#define RUN_THREADED_TEST(test) harness_run(#test, test)
#endif

/// Starts `count` threads running `body(arguments[i])` and joins them all
/// (threads.c: the one place the tests start threads).
void harness_run_threads(size_t count, void *(*body)(void *), void *arguments, size_t argument_size);

/// Offers the rest of the calling thread's time slice to other threads, between
/// two checks of a test's busy loop, so that it does not starve the thread it
/// waits for (threads.c). The library itself never spins.
void harness_yield(void);

/// A distinct, 16-byte aligned fake pointer (for i < 2^22) for keys that are never
/// dereferenced (registrars, properties, observers).
static inline void *fake_pointer(uintptr_t tag, uintptr_t i) {
  return (void *)(((tag + 1) << 26) + (i + 1) * 16);
}

/// A small deterministic generator (splitmix64).
static inline uint64_t harness_random(uint64_t *state) {
  uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

// The suites, one per primitive.
void run_lock_tests(void);
void run_reader_wait_tests(void);
void run_thread_local_tests(void);
void run_access_list_tests(void);
void run_hash_table_tests(void);
void run_observer_table_tests(void);
void run_key_map_tests(void);
void run_debug_counters_tests(void);
void run_call_stack_tests(void);
void run_thread_identity_tests(void);
void run_test_interop_tests(void);

#endif  // PERCEPTION_TEST_HARNESS_H
