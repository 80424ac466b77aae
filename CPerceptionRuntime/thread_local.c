//===----------------------------------------------------------------------===//
//
// The per-thread slot's storage, in whichever of the three forms
// perception_platform.h chose.
//
//===----------------------------------------------------------------------===//

#include "perception_thread_local.h"

#if defined(PERCEPTION_THREAD_LOCAL_KEYWORD)

_Thread_local uintptr_t perception_thread_slot = 0;

#elif defined(PERCEPTION_THREAD_LOCAL_STATIC)

uintptr_t perception_thread_slot = 0;

#else  // PERCEPTION_THREAD_LOCAL_PTHREAD_KEY

#include <pthread.h>

static pthread_key_t perception_slot_key;
static pthread_once_t perception_slot_once = PTHREAD_ONCE_INIT;

static void perception_slot_create_key(void) {
  // No destructor: the slot holds a plain word, not an owned allocation.
  if (pthread_key_create(&perception_slot_key, NULL) != 0) {
    perception_fatal("pthread_key_create failed: out of thread-specific keys");
  }
}

uintptr_t perception_slot_get(void) {
  if (pthread_once(&perception_slot_once, perception_slot_create_key) != 0) {
    perception_fatal("pthread_once failed");
  }
  return (uintptr_t)pthread_getspecific(perception_slot_key);
}

void perception_slot_set(uintptr_t value) {
  if (pthread_once(&perception_slot_once, perception_slot_create_key) != 0) {
    perception_fatal("pthread_once failed");
  }
  if (pthread_setspecific(perception_slot_key, (void *)value) != 0) {
    perception_fatal("pthread_setspecific failed: out of memory");
  }
}

#endif
