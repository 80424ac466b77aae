//===----------------------------------------------------------------------===//
//
// One lock abstraction, with every platform branch here (after swift-nio's
// lock types): os_unfair_lock on Darwin, SRWLOCK on Windows, pthread_mutex_t
// on Linux and other POSIX systems, and nothing at all in a single-threaded
// build; and the lock with a condition variable that a thread sleeps on until
// another wakes it (perception_wait_lock).
//
// The locks are not recursive, and they are never held while user code runs.
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

/// A lock with a condition variable: a thread sleeps in the kernel until
/// another broadcasts (perception_reader_wait.h). pthread_mutex_t and
/// pthread_cond_t on Darwin as on other POSIX systems, since os_unfair_lock has
/// no condition variable; SRWLOCK and CONDITION_VARIABLE on Windows. On
/// Darwin, pthread_mutex_t records its owner, so a waiter for the mutex lends
/// it its priority; a condition variable has no owner, so a thread sleeping on
/// it lends none (see reader_wait.c). Statically initialized: a global needs
/// no initialization call, and is never destroyed.
typedef struct perception_wait_lock {
#if defined(PERCEPTION_PLATFORM_DARWIN) || defined(PERCEPTION_PLATFORM_POSIX)
  pthread_mutex_t mutex;
  pthread_cond_t condition;
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  SRWLOCK lock;
  CONDITION_VARIABLE condition;
#else
  char unused;
#endif
} perception_wait_lock;

#if defined(PERCEPTION_PLATFORM_DARWIN) || defined(PERCEPTION_PLATFORM_POSIX)
#define PERCEPTION_WAIT_LOCK_INIT {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER}
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
#define PERCEPTION_WAIT_LOCK_INIT {SRWLOCK_INIT, CONDITION_VARIABLE_INIT}
#else
#define PERCEPTION_WAIT_LOCK_INIT {0}
#endif

static inline void perception_wait_lock_lock(perception_wait_lock *lock) {
#if defined(PERCEPTION_PLATFORM_DARWIN) || defined(PERCEPTION_PLATFORM_POSIX)
  if (pthread_mutex_lock(&lock->mutex) != 0) {
    perception_fatal("pthread_mutex_lock failed: the wait lock is corrupt");
  }
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  AcquireSRWLockExclusive(&lock->lock);
#else
  (void)lock;
#endif
}

static inline void perception_wait_lock_unlock(perception_wait_lock *lock) {
#if defined(PERCEPTION_PLATFORM_DARWIN) || defined(PERCEPTION_PLATFORM_POSIX)
  if (pthread_mutex_unlock(&lock->mutex) != 0) {
    perception_fatal("pthread_mutex_unlock failed: the wait lock is not held by this thread");
  }
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  ReleaseSRWLockExclusive(&lock->lock);
#else
  (void)lock;
#endif
}

/// With the lock held: releases it, sleeps until a broadcast (or a spurious
/// wake-up: the caller checks its condition again), and takes it back.
static inline void perception_wait_lock_wait(perception_wait_lock *lock) {
#if defined(PERCEPTION_PLATFORM_DARWIN) || defined(PERCEPTION_PLATFORM_POSIX)
  if (pthread_cond_wait(&lock->condition, &lock->mutex) != 0) {
    perception_fatal("pthread_cond_wait failed: the wait lock is corrupt");
  }
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  if (!SleepConditionVariableSRW(&lock->condition, &lock->lock, INFINITE, 0)) {
    perception_fatal("SleepConditionVariableSRW failed");
  }
#else
  // Single-threaded: no other thread could ever wake it.
  (void)lock;
  perception_fatal("a wait that no thread can end: a single-threaded build has no other thread");
#endif
}

/// With the lock held: wakes every thread sleeping in perception_wait_lock_wait.
static inline void perception_wait_lock_broadcast(perception_wait_lock *lock) {
#if defined(PERCEPTION_PLATFORM_DARWIN) || defined(PERCEPTION_PLATFORM_POSIX)
  if (pthread_cond_broadcast(&lock->condition) != 0) {
    perception_fatal("pthread_cond_broadcast failed: the wait lock is corrupt");
  }
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  WakeAllConditionVariable(&lock->condition);
#else
  (void)lock;
#endif
}

#endif  // PERCEPTION_LOCK_H
