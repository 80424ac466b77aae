//===----------------------------------------------------------------------===//
//
// CPerceptionRuntime: the C primitives under PerceptionCore.
//
// It plays the part that Locking.cpp and ThreadLocal.cpp play for Swift's
// Observation, and also holds the two data structures the hot paths touch:
// the per-thread access list and the per-registrar observer table.
//
// Everything a hot path calls is `static inline` here, so that Swift inlines
// it. The rest lives in the .c files beside this header.
//
//===----------------------------------------------------------------------===//

#ifndef C_PERCEPTION_RUNTIME_H
#define C_PERCEPTION_RUNTIME_H

#include "perception_platform.h"
#include "perception_atomics.h"
#include "perception_lock.h"
#include "perception_reader_wait.h"
#include "perception_thread_local.h"
#include "perception_access_list.h"
#include "perception_observer_table.h"
#include "perception_native_window.h"
#include "perception_key_map.h"
#include "perception_engine.h"
#include "perception_debug_counters.h"
#include "perception_call_stack.h"
#include "perception_test_interop.h"

#endif  // C_PERCEPTION_RUNTIME_H
