//===----------------------------------------------------------------------===//
//
// One lock abstraction, with every platform branch here (after swift-nio's
// lock types): os_unfair_lock on Darwin, SRWLOCK on Windows, a futex word on
// Linux, pthread_mutex_t on other POSIX systems, and nothing at all in a
// single-threaded build; and the one way to yield the processor while
// spinning.
//
// On Linux the lock is one atomic word (0 free, 1 held, 2 held with threads
// perhaps asleep on it): taking a free lock is one compare-exchange and
// releasing it one exchange, inlined, where pthread_mutex_lock and _unlock
// cost about fifty instructions each through the PLT. A thread that finds it
// held spins briefly, then sleeps on the word with FUTEX_WAIT; the unlock
// that finds 2 wakes one sleeper (perception_lock_wait and _wake, in
// lock.c). The lock is held for a few hundred instructions at most, so the
// spin usually wins.
//
// The lock is not recursive, and it is never held while user code runs.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_LOCK_H
#define PERCEPTION_LOCK_H

#include "perception_platform.h"

#if defined(PERCEPTION_PLATFORM_HAS_FUTEX)
#define PERCEPTION_LOCK_FUTEX 1
#include <stdatomic.h>
#endif

/// A mutual-exclusion lock. Its storage must not move between init and destroy.
typedef struct perception_lock {
#if defined(PERCEPTION_PLATFORM_DARWIN)
  os_unfair_lock impl;
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  SRWLOCK impl;
#elif defined(PERCEPTION_LOCK_FUTEX)
  _Atomic(uint32_t) state;
#elif defined(PERCEPTION_PLATFORM_POSIX)
  pthread_mutex_t impl;
#else
  char unused;
#endif
} perception_lock;

#if defined(PERCEPTION_LOCK_FUTEX)
/// The futex lock's states.
enum {
  PERCEPTION_LOCK_FREE = 0,
  PERCEPTION_LOCK_HELD = 1,
  /// Held, and a thread may be asleep waiting for it: its unlock must wake one.
  PERCEPTION_LOCK_CONTENDED = 2,
};

/// Takes a lock that was not free: spins, then sleeps until it is.
void perception_lock_wait(perception_lock *lock);

/// Wakes one thread asleep on a lock just released.
void perception_lock_wake(perception_lock *lock);
#endif

static inline void perception_lock_init(perception_lock *lock) {
#if defined(PERCEPTION_PLATFORM_DARWIN)
  lock->impl = OS_UNFAIR_LOCK_INIT;
#elif defined(PERCEPTION_PLATFORM_WINDOWS)
  InitializeSRWLock(&lock->impl);
#elif defined(PERCEPTION_LOCK_FUTEX)
  atomic_init(&lock->state, PERCEPTION_LOCK_FREE);
#elif defined(PERCEPTION_PLATFORM_POSIX)
  if (pthread_mutex_init(&lock->impl, NULL) != 0) {
    perception_fatal("pthread_mutex_init failed: out of memory or resources");
  }
#else
  lock->unused = 0;
#endif
}

static inline void perception_lock_destroy(perception_lock *lock) {
#if defined(PERCEPTION_LOCK_FUTEX)
  if (atomic_load_explicit(&lock->state, memory_order_relaxed) != PERCEPTION_LOCK_FREE) {
    perception_fatal("perception_lock_destroy: the lock is still held");
  }
#elif defined(PERCEPTION_PLATFORM_POSIX)
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
#elif defined(PERCEPTION_LOCK_FUTEX)
  uint32_t expected = PERCEPTION_LOCK_FREE;
  if (PERCEPTION_UNLIKELY(!atomic_compare_exchange_strong_explicit(
          &lock->state, &expected, PERCEPTION_LOCK_HELD, memory_order_acquire, memory_order_relaxed))) {
    perception_lock_wait(lock);
  }
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
#elif defined(PERCEPTION_LOCK_FUTEX)
  uint32_t previous = atomic_exchange_explicit(&lock->state, PERCEPTION_LOCK_FREE, memory_order_release);
  if (PERCEPTION_UNLIKELY(previous != PERCEPTION_LOCK_HELD)) {
    if (previous == PERCEPTION_LOCK_FREE) {
      perception_fatal("perception_lock_unlock: the lock is not held");
    }
    perception_lock_wake(lock);
  }
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
