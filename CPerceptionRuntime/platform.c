//===----------------------------------------------------------------------===//
//
// perception_fatal: the one way the runtime stops the process.
//
//===----------------------------------------------------------------------===//

#include "perception_platform.h"

#include <stdio.h>
#include <stdlib.h>

void perception_fatal(const char *message) {
  fprintf(stderr, "Perception: fatal error: %s\n", message);
  fflush(stderr);
  abort();
}
