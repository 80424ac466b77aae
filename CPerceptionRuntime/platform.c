//===----------------------------------------------------------------------===//
//
// perception_fatal: the one way the runtime stops the process; perception_warn:
// the one way it reports without stopping; perception_write_error: one
// unbuffered write to the standard error stream.
//
//===----------------------------------------------------------------------===//

#include "perception_platform.h"

#include <stdio.h>
#include <stdlib.h>

#if defined(PERCEPTION_PLATFORM_WINDOWS)
#include <io.h>
#else
#include <unistd.h>
#endif

_Noreturn void perception_fatal(const char *message) {
  fprintf(stderr, "Perception: fatal error: %s\n", message);
  fflush(stderr);
  abort();
}

void perception_warn(const char *message) {
  fprintf(stderr, "Perception: warning: %s\n", message);
  fflush(stderr);
}

void perception_write_error(const char *text, size_t length) {
#if defined(PERCEPTION_PLATFORM_WINDOWS)
  (void)_write(2, text, (unsigned int)length);
#else
  (void)write(2, text, length);
#endif
}
