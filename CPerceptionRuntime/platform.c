//===----------------------------------------------------------------------===//
//
// perception_fatal: the one way the runtime stops the process; perception_warn:
// the one way it reports without stopping.
//
//===----------------------------------------------------------------------===//

#include "perception_platform.h"

#include <stdio.h>
#include <stdlib.h>

_Noreturn void perception_fatal(const char *message) {
  fprintf(stderr, "Perception: fatal error: %s\n", message);
  fflush(stderr);
  abort();
}

void perception_warn(const char *message) {
  fprintf(stderr, "Perception: warning: %s\n", message);
  fflush(stderr);
}
