//===----------------------------------------------------------------------===//
//
// perception_fatal: the one way the runtime stops the process; perception_warn:
// the one way it reports without stopping; perception_write_error: one
// unbuffered write to the standard error stream; the calling thread's identity,
// for the change trace.
//
//===----------------------------------------------------------------------===//

// syscall() is not in strict C11's <unistd.h>.
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE 1
#endif

#include "perception_platform.h"

#include <stdio.h>
#include <stdlib.h>

#if defined(PERCEPTION_PLATFORM_WINDOWS)
#include <io.h>
#include <windows.h>
#elif defined(PERCEPTION_PLATFORM_SINGLE_THREADED)
#include <unistd.h>
#else
#include <pthread.h>
#include <unistd.h>
#endif
#if defined(PERCEPTION_PLATFORM_LINUX)
#include <sys/syscall.h>
#endif

_Noreturn void perception_fatal(const char *message) {
  fprintf(stderr, "Perception: fatal error: %s\n", message);
  fflush(stderr);
  abort();
}

void perception_warn(const char *message) {
  fprintf(stderr, "Perception: warning: %s\n", message);
  fflush(stderr);
}

void perception_write_error(const char *text, size_t length) {
#if defined(PERCEPTION_PLATFORM_WINDOWS)
  (void)_write(2, text, (unsigned int)length);
#else
  (void)write(2, text, length);
#endif
}

#if defined(PERCEPTION_PLATFORM_WINDOWS) || \
    (defined(PERCEPTION_PLATFORM_POSIX) && !defined(PERCEPTION_PLATFORM_LINUX))
// Neither Windows nor POSIX names the main thread, so the runtime remembers
// the thread that loaded it: for a program linked with it, the main thread,
// before main() runs. Swift's own runtime does the same on Windows and on
// POSIX systems other than Linux and Darwin (a static initializer in its
// Threading library).
#if defined(PERCEPTION_PLATFORM_WINDOWS)
static DWORD main_thread;
__attribute__((constructor)) static void remember_main_thread(void) { main_thread = GetCurrentThreadId(); }
#else
static pthread_t main_thread;
__attribute__((constructor)) static void remember_main_thread(void) { main_thread = pthread_self(); }
#endif
#endif

uint64_t perception_thread_identifier(void) {
#if defined(PERCEPTION_PLATFORM_SINGLE_THREADED)
  return 0;
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  return (uint64_t)GetCurrentThreadId();
#elif defined(PERCEPTION_PLATFORM_DARWIN)
  uint64_t identifier = 0;
  (void)pthread_threadid_np(pthread_self(), &identifier);
  return identifier;
#elif defined(PERCEPTION_PLATFORM_LINUX)
  return (uint64_t)syscall(SYS_gettid);
#else
  return (uint64_t)(uintptr_t)pthread_self();
#endif
}

bool perception_thread_is_main(void) {
#if defined(PERCEPTION_PLATFORM_SINGLE_THREADED)
  return true;
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  return GetCurrentThreadId() == main_thread;
#elif defined(PERCEPTION_PLATFORM_DARWIN)
  return pthread_main_np() != 0;
#elif defined(PERCEPTION_PLATFORM_LINUX)
  return (pid_t)syscall(SYS_gettid) == getpid();
#else
  return pthread_equal(pthread_self(), main_thread) != 0;
#endif
}
