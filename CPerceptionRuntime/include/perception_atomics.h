//===----------------------------------------------------------------------===//
//
// The few atomic words the Swift layer needs, as plain C types with
// `static inline` operations (in the manner of swift-atomics), because
// Synchronization.Atomic is not available before iOS 18 and macOS 15.
//
// Each type wraps one C11 atomic. Their storage must not move while in use:
// Swift keeps them in the tail of a ManagedBuffer or in memory it allocated.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_ATOMICS_H
#define PERCEPTION_ATOMICS_H

#include "perception_platform.h"

#include <stdatomic.h>

/// A 32-bit atomic word.
typedef struct perception_atomic_u32 {
  _Atomic(uint32_t) value;
} perception_atomic_u32;

static inline void perception_atomic_u32_init(perception_atomic_u32 *atomic, uint32_t value) {
  atomic_init(&atomic->value, value);
}

static inline uint32_t perception_atomic_u32_load_acquire(perception_atomic_u32 *atomic) {
  return atomic_load_explicit(&atomic->value, memory_order_acquire);
}

static inline void perception_atomic_u32_store_release(perception_atomic_u32 *atomic, uint32_t value) {
  atomic_store_explicit(&atomic->value, value, memory_order_release);
}

/// Replaces `expected` with `desired`; returns whether it did. Acquire-release
/// on success, so the winner sees everything the previous owner published.
static inline bool perception_atomic_u32_compare_exchange(perception_atomic_u32 *atomic,
                                                          uint32_t expected, uint32_t desired) {
  return atomic_compare_exchange_strong_explicit(&atomic->value, &expected, desired,
                                                 memory_order_acq_rel, memory_order_acquire);
}

/// Subtracts `value` and returns the word it replaced, acquire-release, as a
/// successful perception_atomic_u32_compare_exchange.
static inline uint32_t perception_atomic_u32_fetch_sub(perception_atomic_u32 *atomic, uint32_t value) {
  return atomic_fetch_sub_explicit(&atomic->value, value, memory_order_acq_rel);
}

/// A pointer-sized atomic word.
typedef struct perception_atomic_pointer {
  _Atomic(void *) value;
} perception_atomic_pointer;

/// Stores `value` and returns what was there, acquire-release: what the previous
/// storer wrote before its exchange is visible to the thread that takes the
/// pointer out.
static inline void *perception_atomic_pointer_exchange(perception_atomic_pointer *atomic, void *value) {
  return atomic_exchange_explicit(&atomic->value, value, memory_order_acq_rel);
}

#endif  // PERCEPTION_ATOMICS_H
