//===----------------------------------------------------------------------===//
//
// The futex lock's slow paths (see perception_lock.h): waiting for a held
// lock, and waking a waiter. Linux only; empty elsewhere.
//
//===----------------------------------------------------------------------===//

// syscall() is not in strict C11's <unistd.h>.
#define _GNU_SOURCE 1

#include "perception_lock.h"

#if defined(PERCEPTION_LOCK_FUTEX)

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

/// How many times a waiter checks the word before it goes to sleep: a holder
/// keeps the lock for a few hundred instructions, and sleeping and waking
/// cost two system calls.
#define SPINS_BEFORE_SLEEPING 100

static inline void pause_processor(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

static bool try_take(perception_lock *lock) {
  uint32_t expected = PERCEPTION_LOCK_FREE;
  return atomic_compare_exchange_weak_explicit(&lock->state, &expected, PERCEPTION_LOCK_HELD,
                                               memory_order_acquire, memory_order_relaxed);
}

void perception_lock_wait(perception_lock *lock) {
  for (int spin = 0; spin < SPINS_BEFORE_SLEEPING; spin++) {
    if (atomic_load_explicit(&lock->state, memory_order_relaxed) == PERCEPTION_LOCK_FREE &&
        try_take(lock)) {
      return;
    }
    pause_processor();
  }
  // Mark the lock contended before sleeping, so that its holder's unlock
  // wakes a thread. A thread that takes it this way also leaves it marked
  // contended, which costs at most one needless wake when it unlocks.
  while (atomic_exchange_explicit(&lock->state, PERCEPTION_LOCK_CONTENDED, memory_order_acquire) !=
         PERCEPTION_LOCK_FREE) {
    // Sleeps only if the word is still CONTENDED; EAGAIN (it changed) and
    // EINTR just try again.
    (void)syscall(SYS_futex, &lock->state, FUTEX_WAIT_PRIVATE, PERCEPTION_LOCK_CONTENDED, NULL,
                  NULL, 0);
  }
}

void perception_lock_wake(perception_lock *lock) {
  (void)syscall(SYS_futex, &lock->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

#else

// ISO C forbids an empty translation unit.
typedef int perception_lock_unused;

#endif
