//===----------------------------------------------------------------------===//
//
// Stack capture and description: backtrace() and dladdr() where the platform
// has them (PERCEPTION_PLATFORM_HAS_CALL_STACK), nothing elsewhere.
//
//===----------------------------------------------------------------------===//

// glibc declares dladdr() and Dl_info only for _GNU_SOURCE; it must come
// before the first system header.
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE 1
#endif

#include "perception_call_stack.h"

#include <limits.h>

#if defined(PERCEPTION_PLATFORM_HAS_CALL_STACK)
#include <dlfcn.h>
#include <execinfo.h>
#endif

size_t perception_call_stack_capture(void **frames, size_t capacity) {
#if defined(PERCEPTION_PLATFORM_HAS_CALL_STACK)
  if (capacity == 0) {
    return 0;
  }
  int limit = capacity > (size_t)INT_MAX ? INT_MAX : (int)capacity;
  int count = backtrace(frames, limit);
  return count > 0 ? (size_t)count : 0;
#else
  (void)frames;
  (void)capacity;
  return 0;
#endif
}

bool perception_call_stack_describe(const void *address, perception_stack_frame_description *description) {
  description->image = NULL;
  description->symbol = NULL;
#if defined(PERCEPTION_PLATFORM_HAS_CALL_STACK)
  Dl_info info;
  if (dladdr(address, &info) == 0) {
    return false;
  }
  description->image = info.dli_fname;
  description->symbol = info.dli_sname;
  return info.dli_fname != NULL || info.dli_sname != NULL;
#else
  (void)address;
  return false;
#endif
}
