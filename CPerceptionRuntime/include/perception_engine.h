//===----------------------------------------------------------------------===//
//
// The process-wide engine word: which engine (Perception's runtime or Swift's
// Observation) runs every registrar and tracking call, and whether that
// choice is settled.
//
// Registrar hot paths load it once, relaxed: a registrar can exist only after
// the choice was settled, and whoever holds a registrar saw that settling
// happen before, so a relaxed load is enough to see it.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_ENGINE_H
#define PERCEPTION_ENGINE_H

#include "perception_atomics.h"

#include <stdlib.h>

/// Which engine; 0 means none chosen yet.
#define PERCEPTION_ENGINE_PERCEPTION ((uint32_t)1)
#define PERCEPTION_ENGINE_NATIVE ((uint32_t)2)
#define PERCEPTION_ENGINE_KIND_MASK ((uint32_t)3)
/// Set once the engine has been used: the choice can no longer change.
#define PERCEPTION_ENGINE_SETTLED ((uint32_t)4)

/// The engine word. Changed only by perception_engine_compare_exchange.
extern perception_atomic_u32 perception_engine_word;

static inline uint32_t perception_engine_load(void) {
  return atomic_load_explicit(&perception_engine_word.value, memory_order_relaxed);
}

/// Replaces `expected` with `desired`; returns whether it did.
static inline bool perception_engine_compare_exchange(uint32_t expected, uint32_t desired) {
  return perception_atomic_u32_compare_exchange(&perception_engine_word, expected, desired);
}

/// The value of the environment variable `name`, or NULL: how a process
/// chooses its engine without code (PERCEPTION_ENGINE=native|perception).
static inline const char *perception_environment_value(const char *name) { return getenv(name); }

#endif  // PERCEPTION_ENGINE_H
