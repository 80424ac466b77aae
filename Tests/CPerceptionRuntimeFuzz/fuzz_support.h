//===----------------------------------------------------------------------===//
//
// What the C runtime's fuzz targets share: a reader that turns libFuzzer's
// bytes into operations, a check that stops the process with a message, and
// a small deterministic generator for operations that expand one byte into
// many keys (so that a short input still reaches the hashed regimes).
//
// Reading past the end of the input yields zeros, so every input is a valid
// program: libFuzzer's mutations never produce one the target must reject.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_FUZZ_SUPPORT_H
#define PERCEPTION_FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/// Stops the process with the broken invariant, which libFuzzer reports as a
/// crash and saves the input for.
#define FUZZ_CHECK(condition)                                                            \
  do {                                                                                   \
    if (!(condition)) {                                                                  \
      fprintf(stderr, "%s:%d: fuzz invariant failed: %s\n", __FILE__, __LINE__, #condition); \
      abort();                                                                           \
    }                                                                                    \
  } while (0)

/// The input, consumed front to back.
typedef struct fuzz_input {
  const uint8_t *data;
  size_t size;
} fuzz_input;

static inline int fuzz_input_empty(const fuzz_input *input) { return input->size == 0; }

static inline uint8_t fuzz_byte(fuzz_input *input) {
  if (input->size == 0) {
    return 0;
  }
  input->size--;
  return *input->data++;
}

static inline uint16_t fuzz_u16(fuzz_input *input) {
  uint16_t low = fuzz_byte(input);
  return (uint16_t)(low | (uint16_t)(fuzz_byte(input) << 8));
}

/// splitmix64: a seed of a few input bytes drives a long, reproducible run.
static inline uint64_t fuzz_random(uint64_t *state) {
  uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/// A fake, never dereferenced, 16-byte aligned pointer (like a heap object's)
/// for key `i` of kind `tag`; distinct kinds never share an address.
static inline void *fuzz_pointer(uintptr_t tag, uintptr_t i) {
  return (void *)(((tag + 1) << 28) + (i + 1) * 16);
}

/// Recovers `i` from fuzz_pointer(tag, i), or SIZE_MAX if `pointer` is not
/// one of kind `tag` below `limit`.
static inline size_t fuzz_pointer_number(const void *pointer, uintptr_t tag, size_t limit) {
  uintptr_t base = (tag + 1) << 28;
  uintptr_t bits = (uintptr_t)pointer;
  if (bits < base + 16 || (bits - base) % 16 != 0) {
    return SIZE_MAX;
  }
  size_t i = (size_t)((bits - base) / 16 - 1);
  return i < limit ? i : SIZE_MAX;
}

#endif  // PERCEPTION_FUZZ_SUPPORT_H
