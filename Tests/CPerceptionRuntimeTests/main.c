//===----------------------------------------------------------------------===//
//
// The C runtime's test runner: the harness's state and main().
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

/// Failures printed per test, so that a broken loop does not flood stderr.
#define MAX_REPORTED_FAILURES 10

static atomic_int current_failures;
static int passed_tests;
static int failed_tests;
static int skipped_tests;

static bool report_failure(void) {
  return atomic_fetch_add(&current_failures, 1) < MAX_REPORTED_FAILURES;
}

void harness_fail(const char *file, int line, const char *expression) {
  if (report_failure()) {
    fprintf(stderr, "    %s:%d: check failed: %s\n", file, line, expression);
  }
}

void harness_fail_values(const char *file, int line, const char *expression, unsigned long long actual,
                         unsigned long long expected) {
  if (report_failure()) {
    fprintf(stderr, "    %s:%d: check failed: %s (got %llu / 0x%llx, expected %llu / 0x%llx)\n", file, line,
            expression, actual, actual, expected, expected);
  }
}

bool harness_test_failed(void) { return atomic_load(&current_failures) != 0; }

void harness_run(const char *name, void (*test)(void)) {
  atomic_store(&current_failures, 0);
  test();
  int failures = atomic_load(&current_failures);
  if (failures == 0) {
    passed_tests++;
    printf("PASS %s\n", name);
  } else {
    failed_tests++;
    printf("FAIL %s (%d failed checks)\n", name, failures);
  }
  fflush(stdout);
}

void harness_skip(const char *name, void (*test)(void), const char *reason) {
  (void)test;
  skipped_tests++;
  printf("SKIP %s (%s)\n", name, reason);
  fflush(stdout);
}

int main(void) {
  run_lock_tests();
  run_reader_wait_tests();
  run_thread_local_tests();
  run_access_list_tests();
  run_hash_table_tests();
  run_observer_table_tests();
  run_key_map_tests();
  run_debug_counters_tests();
  run_call_stack_tests();
  run_thread_identity_tests();
  run_test_interop_tests();
  if (skipped_tests == 0) {
    printf("%d passed, %d failed\n", passed_tests, failed_tests);
  } else {
    printf("%d passed, %d failed, %d skipped\n", passed_tests, failed_tests, skipped_tests);
  }
  return failed_tests == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
