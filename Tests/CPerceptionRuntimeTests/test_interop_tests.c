//===----------------------------------------------------------------------===//
//
// What the runtime finds at run time for testing libraries: nothing links
// PerceptionTestSupport into this binary, so its entry point is not found; a
// symbol of the C library is, where the platform can look symbols up; and the
// event clock reads now.
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include "CPerceptionRuntime.h"

static void test_the_support_library_is_not_linked_here(void) {
  CHECK(perception_test_support_entry() == NULL);
}

static void test_symbols_are_found_by_name(void) {
#if defined(PERCEPTION_PLATFORM_HAS_DLSYM)
  CHECK(perception_runtime_symbol("malloc") != NULL);
#endif
  CHECK(perception_runtime_symbol("perception_no_such_symbol") == NULL);
}

static void test_the_event_clock_reads_now(void) {
  double first = 0, second = 0, since_1970 = 0;
  perception_event_clock_now(&first, &since_1970);
  perception_event_clock_now(&second, &since_1970);
  CHECK(first > 0);
  CHECK(second >= first);
  // Later than 2024-01-01, earlier than 2100-01-01.
  CHECK(since_1970 > 1704067200.0);
  CHECK(since_1970 < 4102444800.0);
}

void run_test_interop_tests(void) {
  RUN_TEST(test_the_support_library_is_not_linked_here);
  RUN_TEST(test_symbols_are_found_by_name);
  RUN_TEST(test_the_event_clock_reads_now);
}
