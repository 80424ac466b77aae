//===----------------------------------------------------------------------===//
//
// The debug counters' storage; see perception_debug_counters.h.
//
//===----------------------------------------------------------------------===//

#include "perception_debug_counters.h"

#include <stdatomic.h>

#if defined(DEBUG)
static _Atomic(intptr_t) counters[PERCEPTION_DEBUG_COUNTER_COUNT];
#endif

bool perception_debug_counters_enabled(void) {
#if defined(DEBUG)
  return true;
#else
  return false;
#endif
}

intptr_t perception_debug_counter_value(perception_debug_counter counter) {
#if defined(DEBUG)
  if ((unsigned)counter < PERCEPTION_DEBUG_COUNTER_COUNT) {
    return atomic_load_explicit(&counters[counter], memory_order_acquire);
  }
#endif
  (void)counter;
  return 0;
}

void perception_debug_count(perception_debug_counter counter, intptr_t delta) {
#if defined(DEBUG)
  if ((unsigned)counter < PERCEPTION_DEBUG_COUNTER_COUNT) {
    // Release, so that a reader that sees every count return to zero also
    // sees the frees that preceded the decrements.
    atomic_fetch_add_explicit(&counters[counter], delta, memory_order_release);
  }
#else
  (void)counter;
  (void)delta;
#endif
}
