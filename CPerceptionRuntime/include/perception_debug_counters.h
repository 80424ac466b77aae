//===----------------------------------------------------------------------===//
//
// Debug counters: how many observers, observer tables and registrations are
// alive, so that a test can check that nothing outlives the work that made it.
//
// They count only in debug builds (SwiftPM defines DEBUG there, for C and
// Swift alike); release builds compile every update away, so the hot paths
// pay nothing, and perception_debug_counters_enabled() says which kind of
// build this is.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_DEBUG_COUNTERS_H
#define PERCEPTION_DEBUG_COUNTERS_H

#include "perception_platform.h"

/// What the runtime counts.
typedef enum perception_debug_counter {
  /// Swift `Observer` objects: made by each tracking call that read something.
  PERCEPTION_DEBUG_OBSERVERS = 0,
  /// Observer tables, from their creation to their last release.
  PERCEPTION_DEBUG_TABLES = 1,
  /// Registrations in tables, from perception_table_register to their
  /// cancellation, one-shot collection, or the registrar's destruction.
  PERCEPTION_DEBUG_REGISTRATIONS = 2,
} perception_debug_counter;

#define PERCEPTION_DEBUG_COUNTER_COUNT 3

/// Whether this build counts. When false, every counter reads 0.
bool perception_debug_counters_enabled(void);

/// The current value of `counter`.
intptr_t perception_debug_counter_value(perception_debug_counter counter);

/// Adds `delta` to `counter`; does nothing in release builds. The Swift layer
/// calls it only in debug builds.
void perception_debug_count(perception_debug_counter counter, intptr_t delta);

/// What the runtime's .c files call: nothing at all unless DEBUG is defined.
#if defined(DEBUG)
#define PERCEPTION_DEBUG_COUNT(counter, delta) perception_debug_count((counter), (intptr_t)(delta))
#else
#define PERCEPTION_DEBUG_COUNT(counter, delta) ((void)0)
#endif

#endif  // PERCEPTION_DEBUG_COUNTERS_H
