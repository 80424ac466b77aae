//===----------------------------------------------------------------------===//
//
// The tests' own threads: the one place they are started, joined and yield, with
// Windows' threads on Windows and pthreads elsewhere. A single-threaded build
// has none: the tests that need them are skipped (RUN_THREADED_TEST).
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include <stdio.h>
#include <stdlib.h>

#if defined(PERCEPTION_PLATFORM_WINDOWS)
#include <windows.h>
#elif !defined(PERCEPTION_PLATFORM_SINGLE_THREADED)
#include <pthread.h>
#include <sched.h>
#endif

void harness_yield(void) {
#if defined(PERCEPTION_PLATFORM_WINDOWS)
  (void)SwitchToThread();
#elif !defined(PERCEPTION_PLATFORM_SINGLE_THREADED)
  // It cannot fail on Linux; a failure elsewhere only means one more check.
  (void)sched_yield();
#endif
}

static _Noreturn void stop(const char *what) {
  fprintf(stderr, "harness_run_threads: %s\n", what);
  abort();
}

#if defined(PERCEPTION_PLATFORM_SINGLE_THREADED)

void harness_run_threads(size_t count, void *(*body)(void *), void *arguments, size_t argument_size) {
  (void)count, (void)body, (void)arguments, (void)argument_size;
  stop("a single-threaded build has no threads");
}

#else

typedef struct harness_thread {
  void *(*body)(void *);
  void *argument;
#if defined(PERCEPTION_PLATFORM_WINDOWS)
  HANDLE handle;
#else
  pthread_t handle;
#endif
} harness_thread;

#if defined(PERCEPTION_PLATFORM_WINDOWS)
static DWORD WINAPI windows_thread_entry(LPVOID argument) {
  harness_thread *thread = argument;
  (void)thread->body(thread->argument);
  return 0;
}
#endif

static void start(harness_thread *thread) {
#if defined(PERCEPTION_PLATFORM_WINDOWS)
  thread->handle = CreateThread(NULL, 0, windows_thread_entry, thread, 0, NULL);
  if (thread->handle == NULL) {
    stop("CreateThread failed");
  }
#else
  if (pthread_create(&thread->handle, NULL, thread->body, thread->argument) != 0) {
    stop("pthread_create failed");
  }
#endif
}

static void join(harness_thread *thread) {
#if defined(PERCEPTION_PLATFORM_WINDOWS)
  if (WaitForSingleObject(thread->handle, INFINITE) != WAIT_OBJECT_0 || !CloseHandle(thread->handle)) {
    stop("WaitForSingleObject failed");
  }
#else
  if (pthread_join(thread->handle, NULL) != 0) {
    stop("pthread_join failed");
  }
#endif
}

void harness_run_threads(size_t count, void *(*body)(void *), void *arguments, size_t argument_size) {
  harness_thread *threads = calloc(count, sizeof(harness_thread));
  if (threads == NULL) {
    stop("out of memory");
  }
  for (size_t i = 0; i < count; i++) {
    threads[i].body = body;
    threads[i].argument = (char *)arguments + i * argument_size;
    start(&threads[i]);
  }
  for (size_t i = 0; i < count; i++) {
    join(&threads[i]);
  }
  free(threads);
}

#endif
