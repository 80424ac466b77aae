//===----------------------------------------------------------------------===//
//
// The calling thread's identity, for the change trace: the main thread says
// so, another thread does not, and the two have different identifiers.
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include "CPerceptionRuntime.h"

typedef struct {
  uint64_t identifier;
  bool is_main;
} thread_identity;

static void *record_identity(void *argument) {
  thread_identity *identity = argument;
  identity->identifier = perception_thread_identifier();
  identity->is_main = perception_thread_is_main();
  return NULL;
}

static void test_main_thread(void) {
  CHECK(perception_thread_is_main());
  CHECK(perception_thread_identifier() == perception_thread_identifier());
}

static void test_another_thread(void) {
  uint64_t main_identifier = perception_thread_identifier();
  thread_identity other = {0, true};
  harness_run_threads(1, record_identity, &other, sizeof(other));
  CHECK(!other.is_main);
  CHECK(other.identifier != main_identifier);
}

void run_thread_identity_tests(void) {
  RUN_TEST(test_main_thread);
  RUN_THREADED_TEST(test_another_thread);
}
