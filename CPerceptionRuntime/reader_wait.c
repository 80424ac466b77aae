//===----------------------------------------------------------------------===//
//
// perception_wait_for_readers and perception_wake_reader_waiters: a waiter
// sleeps on one process-wide condition variable; the last reader out of its
// word broadcasts on it.
//
// No wake-up is lost: the waiter checks the word and sets its waiter bit with
// the lock held, and holds the lock until the condition variable releases it
// as the waiter sleeps. A reader whose compare-exchange saw the bit takes the
// lock to broadcast, so it broadcasts only once the waiter sleeps; a reader
// that left before the bit was set changed the word, so the waiter's
// compare-exchange fails and it looks again.
//
// One lock for every observer: a wait happens only when a cancel outside a
// callback finds one running on another thread, and a broadcast wakes every
// waiter, each of which checks its own word again. The waiter does not spin
// first: it sleeps on the first check that finds a reader, and a callback short
// enough for a spin to pay is one whose wait costs only two system calls.
//
// Priority: on Darwin the wait lock's mutex records its owner, so a thread
// that blocks on it lends its priority to the holder (a few instructions
// here). The condition variable records none: a high-QoS cancel sleeping on it
// lends nothing to a low-QoS callback's thread, though it no longer competes
// with it for a core (the wait used to spin). Which Darwin primitives resolve
// inversions, those that know their owner (pthread mutexes, os_unfair_lock,
// dispatch_sync) and not semaphores, groups or conditions: libdispatch's
// author, https://threadreaderapp.com/thread/1229999590482444288.html; Apple's
// os_unfair_lock_lock documentation says its lock holds "thread-ownership
// information that the system may use to attempt to resolve priority
// inversions". Lending priority to the callback would need each reader to own
// a lock for as long as its callback runs, a cost every delivery would pay.
//
//===----------------------------------------------------------------------===//

#include "perception_reader_wait.h"

#include "perception_lock.h"

static perception_wait_lock reader_waiters = PERCEPTION_WAIT_LOCK_INIT;

void perception_wait_for_readers(perception_atomic_u32 *word, uint32_t reader_mask,
                                 uint32_t waiter_bit) {
  perception_wait_lock_lock(&reader_waiters);
  for (;;) {
    // Acquire: once the readers are gone, what they did (releasing the
    // callbacks) is visible to the thread that waited.
    uint32_t current = perception_atomic_u32_load_acquire(word);
    if ((current & reader_mask) == 0) {
      break;
    }
    if ((current & waiter_bit) == 0 &&
        !perception_atomic_u32_compare_exchange(word, current, current | waiter_bit)) {
      // A reader left meanwhile: look again.
      continue;
    }
    perception_wait_lock_wait(&reader_waiters);
  }
  perception_wait_lock_unlock(&reader_waiters);
}

void perception_wake_reader_waiters(void) {
  perception_wait_lock_lock(&reader_waiters);
  perception_wait_lock_broadcast(&reader_waiters);
  perception_wait_lock_unlock(&reader_waiters);
}
