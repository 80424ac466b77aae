//===----------------------------------------------------------------------===//
//
// The call stack: a capture finds the caller's frames, innermost first, and
// stops at the capacity; a description names the image and symbol of an
// address in a shared library.
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include "CPerceptionRuntime.h"

#include <stdio.h>
#include <string.h>

#if defined(PERCEPTION_PLATFORM_HAS_CALL_STACK)

/// Captures from two calls deep, so that the stack has frames of this file to find.
__attribute__((noinline)) static size_t capture_nested(void **frames, size_t capacity) {
  size_t count = perception_call_stack_capture(frames, capacity);
  __asm__ volatile("" ::: "memory");  // keeps the call from becoming a tail call
  return count;
}

__attribute__((noinline)) static size_t capture_from_outer(void **frames, size_t capacity) {
  size_t count = capture_nested(frames, capacity);
  __asm__ volatile("" ::: "memory");
  return count;
}

/// The capture holds the return addresses into both callers, the inner one first.
static void test_capture_finds_callers_innermost_first(void) {
  void *frames[64];
  size_t count = capture_from_outer(frames, 64);
  CHECK(count >= 3 && count <= 64);
  // A return address lies inside its function, after the start: the owner of an address is
  // the one of the two functions whose start is the nearest below it (the functions are a few
  // dozen bytes long; 512 bounds the search well short of unrelated code).
  uintptr_t nested = (uintptr_t)&capture_nested;
  uintptr_t outer = (uintptr_t)&capture_from_outer;
  size_t nested_at = count, outer_at = count;
  for (size_t i = 0; i < count; i++) {
    uintptr_t address = (uintptr_t)frames[i];
    bool in_nested = address > nested && address < nested + 512;
    bool in_outer = address > outer && address < outer + 512;
    if (in_nested && in_outer) {
      in_nested = nested > outer;
      in_outer = !in_nested;
    }
    if (in_nested && nested_at == count) nested_at = i;
    if (in_outer && outer_at == count) outer_at = i;
  }
  CHECK(nested_at < count);
  CHECK(outer_at < count);
  CHECK(nested_at < outer_at);
}

static void test_capture_stops_at_capacity(void) {
  void *frames[2] = {NULL, NULL};
  CHECK_EQ(capture_from_outer(frames, 1), 1);
  CHECK(frames[0] != NULL);
  CHECK(frames[1] == NULL);
  CHECK_EQ(capture_from_outer(frames, 0), 0);
}

/// A function of the C library is found in its image under its own name.
static void test_describe_names_library_function(void) {
  perception_stack_frame_description description;
  CHECK(perception_call_stack_describe((const void *)&snprintf, &description));
  CHECK(description.image != NULL);
  CHECK(description.symbol != NULL && strstr(description.symbol, "snprintf") != NULL);
}

static void test_describe_unknown_address(void) {
  perception_stack_frame_description description = {"x", "y"};
  CHECK(!perception_call_stack_describe((const void *)16, &description));
  CHECK(description.image == NULL && description.symbol == NULL);
}

void run_call_stack_tests(void) {
  RUN_TEST(test_capture_finds_callers_innermost_first);
  RUN_TEST(test_capture_stops_at_capacity);
  RUN_TEST(test_describe_names_library_function);
  RUN_TEST(test_describe_unknown_address);
}

#else

/// Without a call stack, a capture finds nothing and a description knows nothing.
static void test_capture_is_empty(void) {
  void *frames[4];
  perception_stack_frame_description description;
  CHECK_EQ(perception_call_stack_capture(frames, 4), 0);
  CHECK(!perception_call_stack_describe((const void *)&test_capture_is_empty, &description));
}

void run_call_stack_tests(void) { RUN_TEST(test_capture_is_empty); }

#endif
