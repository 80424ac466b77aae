//===----------------------------------------------------------------------===//
//
// One lock abstraction, with every platform branch here (after swift-nio's
// lock types): os_unfair_lock on Darwin, SRWLOCK on Windows, pthread_mutex_t
// on Linux and other POSIX systems, and nothing at all in a single-threaded
// build; and the one way to yield the processor while spinning.
//
// The lock is not recursive, and it is never held while user code runs.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_LOCK_H
#define PERCEPTION_LOCK_H

#include "perception_platform.h"

/// A mutual-exclusion lock. Its storage must not move between init and destroy.
typedef struct perception_lock {
#if defined(PERCEPTION_PLATFORM_DARWIN)
  os_unfair_lock impl;
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  SRWLOCK impl;
#elif defined(PERCEPTION_PLATFORM_POSIX)
  pthread_mutex_t impl;
#else
  char unused;
#endif
} perception_lock;

static inline void perception_lock_init(perception_lock *lock) {
#if defined(PERCEPTION_PLATFORM_DARWIN)
  lock->impl = OS_UNFAIR_LOCK_INIT;
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  InitializeSRWLock(&lock->impl);
#elif defined(PERCEPTION_PLATFORM_POSIX)
  if (pthread_mutex_init(&lock->impl, NULL) != 0) {
    perception_fatal("pthread_mutex_init failed: out of memory or resources");
  }
#else
  lock->unused = 0;
#endif
}

static inline void perception_lock_destroy(perception_lock *lock) {
#if defined(PERCEPTION_PLATFORM_POSIX)
  if (pthread_mutex_destroy(&lock->impl) != 0) {
    perception_fatal("pthread_mutex_destroy failed: the lock is still held");
  }
#else
  (void)lock;
#endif
}

static inline void perception_lock_lock(perception_lock *lock) {
#if defined(PERCEPTION_PLATFORM_DARWIN)
  os_unfair_lock_lock(&lock->impl);
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  AcquireSRWLockExclusive(&lock->impl);
#elif defined(PERCEPTION_PLATFORM_POSIX)
  if (pthread_mutex_lock(&lock->impl) != 0) {
    perception_fatal("pthread_mutex_lock failed: the lock is corrupt or destroyed");
  }
#else
  (void)lock;
#endif
}

static inline void perception_lock_unlock(perception_lock *lock) {
#if defined(PERCEPTION_PLATFORM_DARWIN)
  os_unfair_lock_unlock(&lock->impl);
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  ReleaseSRWLockExclusive(&lock->impl);
#elif defined(PERCEPTION_PLATFORM_POSIX)
  if (pthread_mutex_unlock(&lock->impl) != 0) {
    perception_fatal("pthread_mutex_unlock failed: the lock is not held by this thread");
  }
#else
  (void)lock;
#endif
}

/// Offers the rest of the calling thread's time slice to other threads: what a
/// thread waiting for another one to finish a short stretch of work (a callback
/// that `cancel()` waits for) does between two checks, so that it does not
/// starve the thread it waits for on a busy machine.
static inline void perception_thread_yield(void) {
#if defined(PERCEPTION_PLATFORM_DARWIN) || defined(PERCEPTION_PLATFORM_POSIX)
  // Glibc, Musl and Darwin alike; it cannot fail on Linux, and a failure
  // elsewhere only means that the wait spins once more.
  (void)sched_yield();
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  (void)SwitchToThread();
#else
  // Single-threaded: there is no other thread to yield to.
#endif
}

#endif  // PERCEPTION_LOCK_H
