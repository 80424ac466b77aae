//===----------------------------------------------------------------------===//
//
// An insert-only set of pointers with lock-free lookups.
//
// The Swift layer uses it to know, without a lock or any hashing of
// AnyKeyPath, that a key path object is already the canonical key for its
// property: a key path literal is one object at every use site, so after the
// first lookup every later read of that property is answered here. The keys
// are immortal (the Swift layer keeps them alive forever), which is what makes
// an insert-only, never-shrinking table sound.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_KEY_SET_H
#define PERCEPTION_KEY_SET_H

#include "perception_platform.h"

typedef struct perception_key_set perception_key_set;

/// An empty set. Sets are meant to live as long as the process.
perception_key_set *perception_key_set_create(void);

/// Frees the set. Only for tests: no other thread may be using it.
void perception_key_set_destroy(perception_key_set *set);

/// Whether `key` was inserted. Safe from any thread at any time, lock-free.
bool perception_key_set_contains(const perception_key_set *set, const void *key);

/// Inserts `key` (not NULL). Inserts must be serialized by the caller; they
/// may run concurrently with any number of perception_key_set_contains.
void perception_key_set_insert(perception_key_set *set, const void *key);

/// Whether `key` is in the process-wide set of property keys, the canonical
/// key path objects of the Swift layer. A static set, so a lookup needs no
/// one-time initialization check. Safe from any thread at any time, lock-free.
bool perception_property_keys_contains(const void *key);

/// Inserts `key` (not NULL) into the process-wide set of property keys.
/// Inserts must be serialized by the caller, as for perception_key_set_insert.
void perception_property_keys_insert(const void *key);

#endif  // PERCEPTION_KEY_SET_H
