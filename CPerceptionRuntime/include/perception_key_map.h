//===----------------------------------------------------------------------===//
//
// An insert-only map from pointers to pointers with lock-free lookups.
//
// The Swift layer uses it to turn a key path object into its property's key,
// the canonical key path object, without a lock or any hashing of AnyKeyPath.
// A key path literal is one object per source file that writes it, so a
// property read in one file and written in another reaches the runtime as
// two objects: the map holds each object seen under the canonical one. The
// keys are immortal (the Swift layer keeps them alive forever) and a key's
// value never changes, which is what makes an insert-only, never-shrinking
// table with lock-free readers sound.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_KEY_MAP_H
#define PERCEPTION_KEY_MAP_H

#include "perception_platform.h"

typedef struct perception_key_map perception_key_map;

/// An empty map. Maps are meant to live as long as the process.
perception_key_map *perception_key_map_create(void);

/// Frees the map. Only for tests: no other thread may be using it.
void perception_key_map_destroy(perception_key_map *map);

/// The value inserted with `key`, or NULL. Safe from any thread at any time,
/// lock-free.
const void *perception_key_map_find(const perception_key_map *map, const void *key);

/// Maps `key` to `value` (neither NULL). A key keeps its first value for
/// good: inserting it again with the same value changes nothing, and with
/// another value is a fatal error. Inserts must be serialized by the caller;
/// they may run concurrently with any number of perception_key_map_find.
void perception_key_map_insert(perception_key_map *map, const void *key, const void *value);

/// The canonical key of the key path object `key` in the process-wide map of
/// property keys, or NULL if it was never inserted. A static map, so a lookup
/// needs no one-time initialization check. Safe from any thread, lock-free.
const void *perception_property_key_find(const void *key);

/// Records `canonical` as the property key of the key path object `key` in
/// the process-wide map. Inserts must be serialized by the caller, as for
/// perception_key_map_insert.
void perception_property_key_insert(const void *key, const void *canonical);

#endif  // PERCEPTION_KEY_MAP_H
