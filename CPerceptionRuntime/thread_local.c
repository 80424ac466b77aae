//===----------------------------------------------------------------------===//
//
// The per-thread words' storage (the slot and the callback depth), in
// whichever of the three forms perception_platform.h chose.
//
//===----------------------------------------------------------------------===//

#include "perception_thread_local.h"

#if defined(PERCEPTION_THREAD_LOCAL_KEYWORD) || defined(PERCEPTION_THREAD_LOCAL_STATIC)

PERCEPTION_PER_THREAD uintptr_t perception_thread_slot = 0;
PERCEPTION_PER_THREAD uintptr_t perception_thread_callback_depth = 0;

#else  // PERCEPTION_THREAD_LOCAL_PTHREAD_KEY

#include <pthread.h>

static pthread_key_t perception_slot_key;
static pthread_key_t perception_callback_depth_key;
static pthread_once_t perception_keys_once = PTHREAD_ONCE_INIT;

static void perception_create_keys(void) {
  // No destructors: each key holds a plain word, not an owned allocation.
  if (pthread_key_create(&perception_slot_key, NULL) != 0 ||
      pthread_key_create(&perception_callback_depth_key, NULL) != 0) {
    perception_fatal("pthread_key_create failed: out of thread-specific keys");
  }
}

static uintptr_t perception_key_get(pthread_key_t *key) {
  if (pthread_once(&perception_keys_once, perception_create_keys) != 0) {
    perception_fatal("pthread_once failed");
  }
  return (uintptr_t)pthread_getspecific(*key);
}

static void perception_key_set(pthread_key_t *key, uintptr_t value) {
  if (pthread_once(&perception_keys_once, perception_create_keys) != 0) {
    perception_fatal("pthread_once failed");
  }
  if (pthread_setspecific(*key, (void *)value) != 0) {
    perception_fatal("pthread_setspecific failed: out of memory");
  }
}

uintptr_t perception_slot_get(void) { return perception_key_get(&perception_slot_key); }

void perception_slot_set(uintptr_t value) { perception_key_set(&perception_slot_key, value); }

uintptr_t perception_callback_depth_get(void) {
  return perception_key_get(&perception_callback_depth_key);
}

void perception_callback_depth_set(uintptr_t depth) {
  perception_key_set(&perception_callback_depth_key, depth);
}

uintptr_t perception_thread_token(void) { return (uintptr_t)pthread_self(); }

#endif
