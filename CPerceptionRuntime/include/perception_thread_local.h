//===----------------------------------------------------------------------===//
//
// The per-thread words.
//
// The slot: one word that every property read loads. It is 0 on a thread
// that is in no tracking scope and no checked context, so a read outside
// tracking is one thread-local load and one branch. Otherwise it is the
// address of the innermost perception_access_list, with the low bits free
// for flags (PERCEPTION_SLOT_FLAG_MASK), so that later features ("am I in a
// checked context?") are answered by the same load.
//
// The callback depth: how many Perception callbacks (onChange, willSet,
// didSet, options events) the thread is inside. Only delivering a callback
// and cancelling a tracking touch it, never a plain read or write: cancel()
// waits for the tracking's running callbacks only on a thread at depth 0.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_THREAD_LOCAL_H
#define PERCEPTION_THREAD_LOCAL_H

#include "perception_platform.h"

/// The low bits of the slot that carry flags rather than the list's address.
/// perception_access_list is pointer-aligned, so three bits are free.
#define PERCEPTION_SLOT_FLAG_MASK ((uintptr_t)7)

#if defined(PERCEPTION_THREAD_LOCAL_KEYWORD) || defined(PERCEPTION_THREAD_LOCAL_STATIC)

/// The storage class of the two words: one per thread, or, without threads,
/// one plain global.
#if defined(PERCEPTION_THREAD_LOCAL_KEYWORD)
#define PERCEPTION_PER_THREAD _Thread_local
#else
#define PERCEPTION_PER_THREAD
#endif

extern PERCEPTION_PER_THREAD uintptr_t perception_thread_slot;
extern PERCEPTION_PER_THREAD uintptr_t perception_thread_callback_depth;

static inline uintptr_t perception_slot_get(void) { return perception_thread_slot; }
static inline void perception_slot_set(uintptr_t value) { perception_thread_slot = value; }

static inline uintptr_t perception_callback_depth_get(void) {
  return perception_thread_callback_depth;
}

/// A word that names the calling thread among the running ones: the address
/// of its slot.
static inline uintptr_t perception_thread_token(void) { return (uintptr_t)&perception_thread_slot; }
static inline void perception_callback_depth_set(uintptr_t depth) {
  perception_thread_callback_depth = depth;
}

#else  // PERCEPTION_THREAD_LOCAL_PTHREAD_KEY

/// The slot through a pthread key, created once on first use.
uintptr_t perception_slot_get(void);
void perception_slot_set(uintptr_t value);

/// The callback depth through a second pthread key, created with the first.
uintptr_t perception_callback_depth_get(void);
void perception_callback_depth_set(uintptr_t depth);

/// A word that names the calling thread among the running ones.
uintptr_t perception_thread_token(void);

#endif

#endif  // PERCEPTION_THREAD_LOCAL_H
