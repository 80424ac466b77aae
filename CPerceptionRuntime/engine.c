//===----------------------------------------------------------------------===//
//
// The engine word's storage; see perception_engine.h.
//
//===----------------------------------------------------------------------===//

#include "perception_engine.h"

perception_atomic_u32 perception_engine_word = {0};
