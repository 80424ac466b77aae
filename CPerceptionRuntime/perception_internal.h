//===----------------------------------------------------------------------===//
//
// Helpers shared by the runtime's .c files; not part of the public headers.
//
// Allocation never fails quietly: running out of memory in the middle of a
// registration would leave the tables inconsistent, so it stops the process
// with a message instead.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_INTERNAL_H
#define PERCEPTION_INTERNAL_H

#include "perception_platform.h"

#include <stdlib.h>

static inline void *perception_allocate(size_t size) {
  void *memory = malloc(size != 0 ? size : 1);
  if (PERCEPTION_UNLIKELY(memory == NULL)) {
    perception_fatal("out of memory");
  }
  return memory;
}

/// `count * size` bytes, zeroed.
static inline void *perception_allocate_zeroed(size_t count, size_t size) {
  void *memory = calloc(count != 0 ? count : 1, size != 0 ? size : 1);
  if (PERCEPTION_UNLIKELY(memory == NULL)) {
    perception_fatal("out of memory");
  }
  return memory;
}

/// `count * size` bytes, not initialized, checking the multiplication.
static inline void *perception_allocate_array(size_t count, size_t size) {
  if (PERCEPTION_UNLIKELY(size != 0 && count > SIZE_MAX / size)) {
    perception_fatal("allocation size overflows");
  }
  return perception_allocate(count * size);
}

/// Resizes `memory` (from perception_allocate*) to `count * size` bytes.
static inline void *perception_reallocate_array(void *memory, size_t count, size_t size) {
  if (PERCEPTION_UNLIKELY(size != 0 && count > SIZE_MAX / size)) {
    perception_fatal("allocation size overflows");
  }
  void *resized = realloc(memory, count * size != 0 ? count * size : 1);
  if (PERCEPTION_UNLIKELY(resized == NULL)) {
    perception_fatal("out of memory");
  }
  return resized;
}

/// Doubles `capacity` (at least to `minimum`), never past `limit`; stops the
/// process when it is already at `limit`. With a power-of-two `limit` and
/// `minimum`, a power-of-two capacity stays one.
static inline size_t perception_grow_capacity(size_t capacity, size_t minimum, size_t limit) {
  if (PERCEPTION_UNLIKELY(capacity >= limit)) {
    perception_fatal("table too large");
  }
  size_t grown = capacity > limit / 2 ? limit : capacity * 2;
  return grown < minimum ? minimum : grown;
}

/// A 64-bit finalizer (from MurmurHash3): every input bit affects every
/// output bit, so aligned pointers spread over a power-of-two table.
static inline uint64_t perception_mix64(uint64_t x) {
  x ^= x >> 33;
  x *= UINT64_C(0xff51afd7ed558ccd);
  x ^= x >> 33;
  x *= UINT64_C(0xc4ceb9fe1a85ec53);
  x ^= x >> 33;
  return x;
}

static inline size_t perception_hash_pointer(const void *pointer) {
  return (size_t)perception_mix64((uint64_t)(uintptr_t)pointer);
}

static inline size_t perception_hash_pointer_pair(const void *first, const void *second) {
  uint64_t a = (uint64_t)(uintptr_t)first * UINT64_C(0x9e3779b97f4a7c15);
  return (size_t)perception_mix64(a ^ (uint64_t)(uintptr_t)second);
}

#endif  // PERCEPTION_INTERNAL_H
