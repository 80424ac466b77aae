//===----------------------------------------------------------------------===//
//
// The wait of a cancel for the callbacks running on other threads: it sleeps
// until the last of them is gone, woken by the thread that takes it out.
//
// The word is an observer's state (ObserverState.swift): a count of readers,
// the threads running its callbacks, and a waiter bit, which a waiting thread
// sets. The last reader out of a word with that bit, once its compare-exchange
// took it out, calls perception_wake_reader_waiters. The bit is never cleared:
// a word is waited on only once no reader can join it. Only the rare wait
// pays: a cancel that finds no reader, and a reader leaving a word no thread
// waits on, never call here.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_READER_WAIT_H
#define PERCEPTION_READER_WAIT_H

#include "perception_platform.h"
#include "perception_atomics.h"

/// Sleeps until no bit of `reader_mask` is set in `*word`, setting `waiter_bit`
/// in it while any is. No reader may join meanwhile (the observer has
/// finished), or the wait may never end. Never from the one thread that could
/// take the last reader out: that would wait for itself.
void perception_wait_for_readers(perception_atomic_u32 *word, uint32_t reader_mask,
                                 uint32_t waiter_bit);

/// Wakes the threads in perception_wait_for_readers: for the thread whose
/// compare-exchange took the last reader out of a word with `waiter_bit` set,
/// after that exchange. The word itself is not touched, so it may be gone.
void perception_wake_reader_waiters(void);

#endif  // PERCEPTION_READER_WAIT_H
