//===----------------------------------------------------------------------===//
//
// What the runtime needs to hand a report to a testing library that it does
// not link: the entry point of PerceptionTestSupport, the symbols of Swift
// Testing's interoperability library found by name, and the two clock readings
// an event record carries.
//
// Used once per process, on the first report, and never by a read or a write.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_TEST_INTEROP_H
#define PERCEPTION_TEST_INTEROP_H

#include "perception_platform.h"

/// The C entry point that PerceptionTestSupport exports: it returns its
/// recorder object, unretained, for PerceptionCore to cast.
typedef const void *(*perception_test_support_entry_fn)(void);

/// The name PerceptionTestSupport exports its entry point under.
#define PERCEPTION_TEST_SUPPORT_ENTRY_NAME "perception_test_support_recorder"

/// PerceptionTestSupport's entry point, or NULL when the process does not
/// link it: through a weak reference where the platform has them, else by
/// name with dlsym().
perception_test_support_entry_fn perception_test_support_entry(void);

/// The address of the symbol `name` in any image the process has loaded, or
/// NULL where it is not found or the platform cannot look symbols up.
void *perception_runtime_symbol(const char *name);

/// Now, in seconds: on a monotonic clock from a system-defined epoch, and on
/// the wall clock since 1970-01-01 00:00:00 UTC (0 where not available).
void perception_event_clock_now(double *monotonic, double *since_1970);

#endif  // PERCEPTION_TEST_INTEROP_H
