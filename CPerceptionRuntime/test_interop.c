//===----------------------------------------------------------------------===//
//
// Finding PerceptionTestSupport and Swift Testing's interoperability library at
// run time, and the clock readings of an event record.
//
//===----------------------------------------------------------------------===//

// clock_gettime() and dlsym()'s RTLD_DEFAULT are not in strict C11's headers.
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE 1
#endif

#include "perception_test_interop.h"

#include <string.h>
#include <time.h>

#if defined(PERCEPTION_PLATFORM_HAS_DLSYM)
#include <dlfcn.h>
#endif
#if defined(PERCEPTION_PLATFORM_WINDOWS)
#include <windows.h>
#endif

#if defined(PERCEPTION_PLATFORM_HAS_WEAK_REFERENCES)
// Resolved by the linker when PerceptionTestSupport is linked into the image,
// NULL otherwise. Its definition is Swift's (@_cdecl), with this shape.
extern const void *perception_test_support_recorder(void) __attribute__((weak));
#endif

void *perception_runtime_symbol(const char *name) {
#if defined(PERCEPTION_PLATFORM_HAS_DLSYM)
  return dlsym(RTLD_DEFAULT, name);
#else
  (void)name;
  return NULL;
#endif
}

perception_test_support_entry_fn perception_test_support_entry(void) {
#if defined(PERCEPTION_PLATFORM_HAS_WEAK_REFERENCES)
  if (perception_test_support_recorder != NULL) {
    return perception_test_support_recorder;
  }
#endif
  // ISO C has no conversion from an object pointer to a function pointer;
  // POSIX requires dlsym()'s result to be convertible, through memory.
  void *symbol = perception_runtime_symbol(PERCEPTION_TEST_SUPPORT_ENTRY_NAME);
  perception_test_support_entry_fn entry = NULL;
  _Static_assert(sizeof(entry) == sizeof(symbol), "function and object pointers differ in size");
  memcpy(&entry, &symbol, sizeof(entry));
  return entry;
}

void perception_event_clock_now(double *monotonic, double *since_1970) {
#if defined(PERCEPTION_PLATFORM_WINDOWS)
  // MSVCRT, mingw-w64's default C library, has no timespec_get: the system's
  // clock counts 100 ns ticks from 1601-01-01, 11,644,473,600 s before 1970.
  FILETIME file_time;
  GetSystemTimeAsFileTime(&file_time);
  ULARGE_INTEGER ticks = {.LowPart = file_time.dwLowDateTime, .HighPart = file_time.dwHighDateTime};
  *monotonic = (double)GetTickCount64() / 1e3;
  *since_1970 = (double)(ticks.QuadPart - 116444736000000000ULL) / 1e7;
#else
  struct timespec now;
  *monotonic = clock_gettime(CLOCK_MONOTONIC, &now) == 0 ? (double)now.tv_sec + (double)now.tv_nsec / 1e9 : 0;
  *since_1970 = timespec_get(&now, TIME_UTC) == TIME_UTC ? (double)now.tv_sec + (double)now.tv_nsec / 1e9 : 0;
#endif
}
