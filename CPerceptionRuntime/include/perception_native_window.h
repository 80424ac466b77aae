//===----------------------------------------------------------------------===//
//
// The native engine's setup window (NativeSetupWindow.swift holds the log,
// the waiting checks and the protocol): where the system's Observation
// (before Swift 6.4) installs a tracking only once its `apply` returns, a
// write from another thread between the tracking's read and that
// installation reaches nobody, and Perception's scope beside the tracking
// must hear it. Each object is counted in one of a fixed set of stripes,
// chosen by the address of its registrar's box, so that a write touches one
// word that it shares with few others. A stripe's word counts:
//
// - writes: the writes in progress to its objects, from before their
//   willSet to after their didSet;
// - setups: the scopes beside Observation between their first read of one of
//   its objects and the end of their setup: while any is, each write there
//   logs itself;
// - waiting: the checks waiting for one of its writes in progress: while any
//   is, each write there looks for the one it completes;
// - logged: whether its writes left entries in the log, which the last setup
//   to close then empties.
//
// Sequentially consistent: a scope's count must be seen by a write whose store
// follows the scope's read, and a write's count by a scope whose installation
// follows the write's willSet.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_NATIVE_WINDOW_H
#define PERCEPTION_NATIVE_WINDOW_H

#include "perception_platform.h"
#include "perception_observer_table.h"

#include <stdatomic.h>

#define PERCEPTION_NATIVE_STRIPES 256
#define PERCEPTION_NATIVE_WRITE_ONE ((uint64_t)1)
#define PERCEPTION_NATIVE_SETUP_ONE ((uint64_t)1 << 21)
#define PERCEPTION_NATIVE_WAITING_ONE ((uint64_t)1 << 42)
#define PERCEPTION_NATIVE_WRITES_MASK (PERCEPTION_NATIVE_SETUP_ONE - 1)
#define PERCEPTION_NATIVE_SETUPS_MASK (PERCEPTION_NATIVE_WAITING_ONE - PERCEPTION_NATIVE_SETUP_ONE)
#define PERCEPTION_NATIVE_LOGGED ((uint64_t)1 << 63)
#define PERCEPTION_NATIVE_WAITING_MASK (PERCEPTION_NATIVE_LOGGED - PERCEPTION_NATIVE_WAITING_ONE)

/// One stripe's word, alone on its cache line.
typedef struct perception_native_stripe {
  _Alignas(64) _Atomic(uint64_t) word;
} perception_native_stripe;

extern perception_native_stripe perception_native_stripes[PERCEPTION_NATIVE_STRIPES];

/// The stripe of the object whose registrar's box is at `box`, opaque to Swift.
static inline void *perception_native_stripe_of(const void *box) {
  uintptr_t bits = (uintptr_t)box;
  return &perception_native_stripes[((bits >> 4) ^ (bits >> 12)) & (PERCEPTION_NATIVE_STRIPES - 1)];
}

/// Before a counted write's willSet.
static inline void perception_native_write_begin(void *opaque) {
  perception_native_stripe *stripe = opaque;
  atomic_fetch_add_explicit(&stripe->word, PERCEPTION_NATIVE_WRITE_ONE, memory_order_seq_cst);
}

/// After a write's store, before Observation's didSet: whether it must log
/// itself or look for a waiting check (a setup or a check is counted here).
static inline bool perception_native_write_stored_is_slow(void *opaque) {
  perception_native_stripe *stripe = opaque;
  return (atomic_load_explicit(&stripe->word, memory_order_seq_cst) &
          (PERCEPTION_NATIVE_SETUPS_MASK | PERCEPTION_NATIVE_WAITING_MASK)) != 0;
}

/// After a counted write's didSet: whether it was the stripe's last write in
/// progress while checks wait there, which then wait no longer.
static inline bool perception_native_write_end(void *opaque) {
  perception_native_stripe *stripe = opaque;
  uint64_t old = atomic_fetch_sub_explicit(&stripe->word, PERCEPTION_NATIVE_WRITE_ONE, memory_order_seq_cst);
  return (old & PERCEPTION_NATIVE_WRITES_MASK) == 1 && (old & PERCEPTION_NATIVE_WAITING_MASK) != 0;
}

/// A scope's first read of an object here, before the value is read.
static inline void perception_native_setup_begin(void *opaque) {
  perception_native_stripe *stripe = opaque;
  atomic_fetch_add_explicit(&stripe->word, PERCEPTION_NATIVE_SETUP_ONE, memory_order_seq_cst);
}

/// Ends a setup; returns whether none is left here while the log holds entries.
static inline bool perception_native_setup_end(void *opaque) {
  perception_native_stripe *stripe = opaque;
  uint64_t old = atomic_fetch_sub_explicit(&stripe->word, PERCEPTION_NATIVE_SETUP_ONE, memory_order_seq_cst);
  return (old & PERCEPTION_NATIVE_SETUPS_MASK) == PERCEPTION_NATIVE_SETUP_ONE && (old & PERCEPTION_NATIVE_LOGGED) != 0;
}

/// A write logged here (under the log's lock).
static inline void perception_native_set_logged(void *opaque) {
  perception_native_stripe *stripe = opaque;
  atomic_fetch_or_explicit(&stripe->word, PERCEPTION_NATIVE_LOGGED, memory_order_seq_cst);
}

/// The log holds no entry from here (under the log's lock).
static inline void perception_native_clear_logged(void *opaque) {
  perception_native_stripe *stripe = opaque;
  atomic_fetch_and_explicit(&stripe->word, ~PERCEPTION_NATIVE_LOGGED, memory_order_seq_cst);
}

/// Counts a waiting check here; returns whether a write was in progress, and
/// so whether the check must wait (if not, uncount it).
static inline bool perception_native_waiting_add(void *opaque) {
  perception_native_stripe *stripe = opaque;
  uint64_t old = atomic_fetch_add_explicit(&stripe->word, PERCEPTION_NATIVE_WAITING_ONE, memory_order_seq_cst);
  return (old & PERCEPTION_NATIVE_WRITES_MASK) != 0;
}

static inline void perception_native_waiting_remove(void *opaque, uint64_t count) {
  perception_native_stripe *stripe = opaque;
  atomic_fetch_sub_explicit(&stripe->word, count * PERCEPTION_NATIVE_WAITING_ONE, memory_order_seq_cst);
}

/// Whether a setup is open here.
static inline bool perception_native_setups_open(void *opaque) {
  perception_native_stripe *stripe = opaque;
  return (atomic_load_explicit(&stripe->word, memory_order_seq_cst) & PERCEPTION_NATIVE_SETUPS_MASK) != 0;
}

/// Whether a write is in progress here.
static inline bool perception_native_writes_in_progress(void *opaque) {
  perception_native_stripe *stripe = opaque;
  return (atomic_load_explicit(&stripe->word, memory_order_seq_cst) & PERCEPTION_NATIVE_WRITES_MASK) != 0;
}

/// The mark a setup begun now keeps: every write logged later has one at or
/// above it (perception_observer_table.h, "Setup", whose marks these share).
static inline uint64_t perception_native_current_mark(void) {
  return atomic_load_explicit(&perception_setup_marks, memory_order_seq_cst);
}

/// The mark of a write being logged.
static inline uint64_t perception_native_next_mark(void) {
  return atomic_fetch_add_explicit(&perception_setup_marks, 1, memory_order_seq_cst);
}

#endif  // PERCEPTION_NATIVE_WINDOW_H
