//===----------------------------------------------------------------------===//
//
// The calling thread's stack, as return addresses, and the names of the
// functions and images they fall in.
//
// Perception checking uses them, in debug builds, to tell whether a read
// that no tracking scope sees happens inside a view body that a render
// engine is evaluating (on systems whose SwiftUI does not track Perceptible
// models itself). It decides that once per distinct stack, so a capture must
// be cheap (no allocation, no symbol lookup) and a description may be slow.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_CALL_STACK_H
#define PERCEPTION_CALL_STACK_H

#include "perception_platform.h"

/// Where an address falls: the path of the image (executable or library) that
/// holds it, and the nearest symbol before it, as the linker spells it (for
/// Swift, mangled). Either may be NULL where the system cannot tell; the
/// strings belong to the system and live as long as the image is loaded.
typedef struct perception_stack_frame_description {
  const char *image;
  const char *symbol;
} perception_stack_frame_description;

/// Writes the return addresses of the calling thread's stack, innermost
/// first, into `frames`, at most `capacity` of them, and returns how many it
/// wrote: 0 where the platform cannot capture a stack. On Darwin a walk of
/// the frame pointers, with no allocation and no lock; glibc runs its
/// unwinder, slower, and loads it on the first call in the process.
size_t perception_call_stack_capture(void **frames, size_t capacity);

/// Describes `address`; false when nothing is known of it (then `description`
/// holds two NULLs).
bool perception_call_stack_describe(const void *address, perception_stack_frame_description *description);

/// The Swift runtime's demangler, exported by the Swift standard library on
/// every platform. Declared here because Swift does not import it; only the
/// Swift overlay calls it. Returns a string the caller frees, or NULL.
char *swift_demangle(const char *mangled_name, size_t mangled_name_length, char *output_buffer,
                     size_t *output_buffer_size, uint32_t flags);

#endif  // PERCEPTION_CALL_STACK_H
