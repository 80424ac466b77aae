//===----------------------------------------------------------------------===//
//
// The observer table: who observes which properties of one registrar.
//
// A registrar (perception_registrar, embedded in the object that Swift's
// PerceptionRegistrar points to) costs three zero words until somebody
// observes it. The first registration allocates its table.
//
// Observers are opaque pointers. The table owns one reference to each
// registered observer: the caller hands one over with
// perception_table_register and gets it back from perception_table_cancel or
// perception_registrar_destroy, or from perception_registrar_collect for a
// one-shot registration (PERCEPTION_REGISTRATION_ONCE). Observers are only ever
// called by the Swift layer, after the lock is released:
// perception_registrar_collect copies them out, retained, under the lock. So a callback may register, cancel, or
// mutate any registrar, this one included.
//
// A table outlives its registrar while observers still hold it (they keep a
// reference to cancel their registrations later). When the registrar goes
// away, perception_registrar_destroy empties the table and marks it dead;
// cancelling on a dead table is a no-op and registering on one fails.
//
//===----------------------------------------------------------------------===//

#ifndef PERCEPTION_OBSERVER_TABLE_H
#define PERCEPTION_OBSERVER_TABLE_H

#include "perception_atomics.h"
#include "perception_platform.h"

#include <stdatomic.h>

/// The events an observer can register for, and that perception_registrar_collect
/// looks up, as bits.
enum {
  PERCEPTION_EVENT_WILL_SET = 1u << 0,
  PERCEPTION_EVENT_DID_SET = 1u << 1,
  PERCEPTION_EVENT_DEINIT = 1u << 2,
};

/// The flags of a registration: perception_table_register takes them in the
/// same word as its events, above the event bits. They are never events, and
/// collecting one finds nothing.
///
/// PERCEPTION_REGISTRATION_ONCE: the first perception_registrar_collect for an
/// event the registration matches removes it from the table (exactly as
/// perception_table_cancel would) and hands the table's reference to the
/// observer to the caller. Its token then names nothing.
///
/// PERCEPTION_REGISTRATION_DID_SET_STANDS_FOR_WILL_SET: with
/// PERCEPTION_REGISTRATION_ONCE, a willSet registration that also takes
/// didSets, for a write whose willSet came before it was registered: such a
/// didSet is collected only on other threads than the registering one, as a
/// write enclosing the registration on its own thread is the tracking's own.
enum {
  PERCEPTION_REGISTRATION_ONCE = 1u << 3,
  PERCEPTION_REGISTRATION_DID_SET_STANDS_FOR_WILL_SET = 1u << 4,
};

/// Names one registration in one table. Tokens are never reused within a
/// table, so cancelling a stale token is a harmless no-op. 0 names nothing.
typedef uint64_t perception_token;

typedef struct perception_observer_table perception_observer_table;

/// The per-registrar state. All zero (perception_registrar_init) means
/// "nobody observes this registrar".
///
/// The filters are Bloom filters of the properties that have willSet and
/// didSet observers, written under the table's lock and read without it, so a
/// write to a property that nobody observes never takes the lock. The didSet
/// word also counts, in its top 16 bits, the tracking scopes between a read of
/// this registrar and the end of their setup (see "Setup" below): while one
/// is, every write's didSet takes the slow path and is logged for them.
typedef struct perception_registrar {
  _Atomic(perception_observer_table *) table;
  _Atomic(uint64_t) will_set_filter;
  _Atomic(uint64_t) did_set_filter;
} perception_registrar;

/// A growable array of observers handed back to the caller, with room for a
/// few inline so the common case allocates nothing, and the table the last
/// perception_registrar_collect into it found (NULL before, or if none).
#define PERCEPTION_OBSERVER_BATCH_INLINE_CAPACITY 8

typedef struct perception_observer_batch {
  void **observers;
  size_t count;
  size_t capacity;
  perception_observer_table *table;
  void *inline_observers[PERCEPTION_OBSERVER_BATCH_INLINE_CAPACITY];
} perception_observer_batch;

/// Makes `batch` empty. `batch` may be uninitialized memory. Inline, as every
/// notification makes one.
static inline void perception_observer_batch_init(perception_observer_batch *batch) {
  batch->observers = batch->inline_observers;
  batch->count = 0;
  batch->capacity = PERCEPTION_OBSERVER_BATCH_INLINE_CAPACITY;
  batch->table = NULL;
}

/// Frees the heap storage of a batch that has some, out of line.
void perception_observer_batch_free_storage(perception_observer_batch *batch);

/// Frees the batch's heap storage and leaves it empty. It does not release
/// the observers.
static inline void perception_observer_batch_destroy(perception_observer_batch *batch) {
  if (PERCEPTION_UNLIKELY(batch->observers != batch->inline_observers)) {
    perception_observer_batch_free_storage(batch);
  }
  perception_observer_batch_init(batch);
}

/// The number (0 to 63) of a property's filter bit.
static inline unsigned perception_property_filter_bit_number(const void *property) {
  uintptr_t bits = (uintptr_t)property;
  return (unsigned)(((bits >> 4) ^ (bits >> 10)) & 63);
}

/// The filter bit of a property.
static inline uint64_t perception_property_filter_bit(const void *property) {
  return (uint64_t)1 << perception_property_filter_bit_number(property);
}

/// The didSet word: the Bloom filter in its low 48 bits, the count of
/// tracking scopes in setup above.
#define PERCEPTION_DID_SET_FILTER_BITS 48
#define PERCEPTION_SETUP_ONE ((uint64_t)1 << PERCEPTION_DID_SET_FILTER_BITS)
#define PERCEPTION_SETUP_MASK (~(PERCEPTION_SETUP_ONE - 1))

/// The number (0 to 47) of a property's bit in the didSet filter.
static inline unsigned perception_property_did_set_bit_number(const void *property) {
  unsigned bit = perception_property_filter_bit_number(property);
  return bit < PERCEPTION_DID_SET_FILTER_BITS ? bit : bit - PERCEPTION_DID_SET_FILTER_BITS;
}

/// The bit of a property in the didSet filter.
static inline uint64_t perception_property_did_set_bit(const void *property) {
  return (uint64_t)1 << perception_property_did_set_bit_number(property);
}

/// The bits of the didSet word that send a didSet of `property` to the table:
/// its filter bit, and every scope in setup.
static inline uint64_t perception_did_set_word_bits(const void *property) {
  return perception_property_did_set_bit(property) | PERCEPTION_SETUP_MASK;
}

static inline void perception_registrar_init(perception_registrar *registrar) {
  atomic_init(&registrar->table, NULL);
  atomic_init(&registrar->will_set_filter, 0);
  atomic_init(&registrar->did_set_filter, 0);
}

/// The filter for one event, PERCEPTION_EVENT_WILL_SET or _DID_SET. 0 means
/// no observer for that event and, for didSet, no scope in setup; otherwise
/// test a property's bit (perception_property_did_set_bit for didSet) and,
/// for didSet, PERCEPTION_SETUP_MASK. No lock.
static inline uint64_t perception_registrar_filter(perception_registrar *registrar, uint32_t event) {
  // willSet: relaxed is enough, as the observers themselves are only read
  // under the lock, and a willSet racing a registration may miss it: the
  // didSet catches it (perception_registrar_begin_setup). didSet: sequentially
  // consistent, as it must see a scope's setup begun before the scope read
  // the value this write replaced (a plain load on x86, ldar on arm64).
  if (event == PERCEPTION_EVENT_DID_SET) {
    return atomic_load_explicit(&registrar->did_set_filter, memory_order_seq_cst);
  }
  return atomic_load_explicit(&registrar->will_set_filter, memory_order_relaxed);
}

//===--- Setup ------------------------------------------------------------===//
//
// A tracking scope reads a registrar before it registers there, so a write
// on another thread in between finds no observer. To hear it, the scope
// begins its setup on each registrar at its first read there, before the value
// is read, and keeps the mark the first such begin returned. While a
// registrar has a scope in setup, each didSet, after its store, logs the
// property, the writing thread and the next mark, under the table's lock. The
// scope's registration (perception_table_register_after_setup) then finds in
// the log any write by another thread to a property it read, logged since its
// mark, and ends with perception_registrar_end_setup once its reads are
// registered (or handed to an enclosing scope, which continues the setup).
//
// If the writer's store comes after the scope's read, through whatever
// synchronization orders the two, the scope's begin happens before the
// writer's didSet: the writer logs, with a mark no lower than the scope's.
// A write that began before the read and logs after the registration finds
// the registration itself, through the didSet a one-shot willSet observer
// registers for as well. A write whose store came before the read but whose
// didSet is logged after the mark is reported too: at most one event more,
// never one fewer.
//
//===----------------------------------------------------------------------===//

/// The process's current mark; marks only grow, from 1.
extern _Atomic(uint64_t) perception_setup_marks;

/// Stops the process: 65,535 scopes are in setup on one registrar.
PERCEPTION_COLD _Noreturn void perception_registrar_setup_overflow(void);

/// A scope's first read of `registrar`, before the value is read, begins its
/// setup there, and returns the mark to pass to
/// perception_table_register_after_setup (the lowest of those its first reads
/// returned). End it with perception_registrar_end_setup.
static inline uint64_t perception_registrar_begin_setup(perception_registrar *registrar) {
  uint64_t old = atomic_fetch_add_explicit(&registrar->did_set_filter, PERCEPTION_SETUP_ONE,
                                           memory_order_seq_cst);
  if (PERCEPTION_UNLIKELY((old & PERCEPTION_SETUP_MASK) == PERCEPTION_SETUP_MASK)) {
    perception_registrar_setup_overflow();
  }
  // Relaxed is enough: a write whose store is ordered after the scope's read
  // is ordered after this load too, and so is its log entry's mark, which
  // coherence then keeps at or above the value loaded here.
  return atomic_load_explicit(&perception_setup_marks, memory_order_relaxed);
}

/// Ends a setup perception_registrar_begin_setup began.
static inline void perception_registrar_end_setup(perception_registrar *registrar) {
  atomic_fetch_sub_explicit(&registrar->did_set_filter, PERCEPTION_SETUP_ONE, memory_order_seq_cst);
}

/// The registrar's table, or NULL while nobody has ever registered.
static inline perception_observer_table *perception_registrar_existing_table(perception_registrar *registrar) {
  return atomic_load_explicit(&registrar->table, memory_order_acquire);
}

/// Whether anybody ever observed the registrar: false means it owns nothing.
static inline bool perception_registrar_has_table(perception_registrar *registrar) {
  return perception_registrar_existing_table(registrar) != NULL;
}

/// The registrar's table, created on first use. The registrar's own reference
/// keeps it alive; take another with perception_table_retain to keep it past
/// the registrar.
perception_observer_table *perception_registrar_table(perception_registrar *registrar);

/// Appends to `out` every observer registered for `event` (one of
/// PERCEPTION_EVENT_WILL_SET, _DID_SET, _DEINIT) on `property`, and returns
/// how many it added; `out->table` is then the registrar's table. A didSet
/// while a scope is in setup logs the write first (see "Setup"). Each one the
/// caller owns a reference to: an observer of a PERCEPTION_REGISTRATION_ONCE
/// registration is removed from the table and its reference handed over;
/// every other one is passed to `retain` while the lock is held.
size_t perception_registrar_collect(perception_registrar *registrar, const void *property,
                                    uint32_t event, void (*retain)(void *observer),
                                    perception_observer_batch *out);

/// The registrar is going away: moves every registered observer into `out`
/// (their references now belong to the caller; an observer is listed once per
/// registration it had), marks the table dead and drops the registrar's
/// reference to it. `registrar` is zero again afterwards.
void perception_registrar_destroy(perception_registrar *registrar, perception_observer_batch *out);

void perception_table_retain(perception_observer_table *table);
void perception_table_release(perception_observer_table *table);

/// Registers `observer` for `events` (event bits, and registration flags such
/// as PERCEPTION_REGISTRATION_ONCE) on `properties[0..<count]`, taking over
/// one reference to it. Returns its token, or 0 if the table is dead, in
/// which case the reference stays with the caller.
perception_token perception_table_register(perception_observer_table *table,
                                           const void *const *properties, size_t count,
                                           uint32_t events, void *observer);

/// What perception_table_register_after_setup returns: the registration's
/// token, and a property of those registered that another thread's write
/// logged since the scope's mark (see "Setup"), or NULL.
typedef struct perception_setup_registration {
  perception_token token;
  const void *changed;
} perception_setup_registration;

/// perception_table_register for a tracking scope whose setup began at `mark`
/// (perception_registrar_begin_setup), which also looks in the setup log.
perception_setup_registration perception_table_register_after_setup(perception_observer_table *table,
                                                                    const void *const *properties,
                                                                    size_t count, uint32_t events,
                                                                    void *observer, uint64_t mark);

/// Removes a registration and returns its observer, whose reference now
/// belongs to the caller; or NULL if the token names nothing (already
/// cancelled, a PERCEPTION_REGISTRATION_ONCE registration already collected, or the
/// table is dead).
void *perception_table_cancel(perception_observer_table *table, perception_token token);

/// The spare observer: one finished Swift `Observer`, with room for one
/// registration and no reference but this one, kept for the next tracking call
/// to reuse instead of allocating (see Observer.swift). NULL when there is none.
/// Process-wide, so that it needs no thread-exit cleanup; it owns one reference.
extern perception_atomic_pointer perception_spare_observer;

/// Stores `observer` (or NULL) as the spare and returns the previous one.
static inline void *perception_spare_observer_exchange(void *observer) {
  return perception_atomic_pointer_exchange(&perception_spare_observer, observer);
}

#endif  // PERCEPTION_OBSERVER_TABLE_H
