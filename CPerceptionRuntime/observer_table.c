//===----------------------------------------------------------------------===//
//
// The observer table of one registrar, and the observer batch.
//
// Registrations live in a slot array; a cancelled slot goes on a free list
// and is reused, its token never is: a token is the slot's number in its low
// 32 bits and the slot's generation, counted up each time the slot is taken,
// in its high 32 bits. So cancel finds its registration by indexing, with no
// map from tokens to slots, and a stale token names a slot whose token has
// moved on. A slot whose generation has run out is never reused.
// One map, the buckets (a perception_hash_table, see perception_hash_table.h),
// takes each property to the (slot, ordinal) references of every
// registration that names it, so collect visits only the observers of that
// property.
// Each registration remembers, per property, where its reference sits in
// that property's bucket, so cancel removes it in O(1) (swap with the last
// reference and fix the moved one's back-pointer): cancel is O(properties).
// A one-shot registration (PERCEPTION_REGISTRATION_ONCE) is removed the same way by
// the collect that finds it.
//
// The Bloom filters are kept exact by counting, per filter bit and event,
// how many (registration, property) pairs set that bit: register adds, cancel
// subtracts, and a bit is in the filter exactly while its count is non-zero,
// which is what recomputing the filters from the remaining registrations
// would give, without visiting them.
//
// The setup log (perception_observer_table.h, "Setup") lists the writes made
// while a scope was in setup on the registrar: one entry per (property,
// thread), with the mark of its latest write, so it is bounded by the
// properties written times the writing threads; it is emptied by the first
// lock holder that finds no scope in setup.
//
// Everything but the reference count is guarded by the lock.
//
//===----------------------------------------------------------------------===//

#include "perception_observer_table.h"
#include "perception_native_window.h"
#include "perception_atomics.h"
#include "perception_debug_counters.h"
#include "perception_hash_table.h"
#include "perception_internal.h"
#include "perception_lock.h"
#include "perception_thread_local.h"

#include <string.h>

/// The position of a duplicate property, which has no reference of its own.
#define NO_POSITION UINT32_MAX
/// Marks the end of the free list.
#define NO_SLOT UINT32_MAX
/// The most slots, and the most references in one bucket.
#define MAX_SLOTS ((size_t)UINT32_MAX - 1)
/// The bits of a token that hold its slot.
#define TOKEN_SLOT_BITS 32
/// A registration keeps this many properties inline.
#define INLINE_PROPERTIES 3

/// One property of a registration, and where its reference is in the
/// property's bucket.
typedef struct registered_property {
  const void *property;
  uint32_t position;
} registered_property;

typedef struct registration {
  /// 0 when the slot is free.
  perception_token token;
  void *observer;
  uint32_t events;
  uint32_t property_count;
  /// The next free slot, while this one is free.
  uint32_t next_free;
  /// How many times the slot has been taken: the high half of its tokens.
  uint32_t generation;
  /// The registering thread's perception_thread_token, which
  /// PERCEPTION_REGISTRATION_DID_SET_STANDS_FOR_WILL_SET reads.
  uintptr_t thread;
  union {
    registered_property inline_properties[INLINE_PROPERTIES];
    registered_property *heap_properties;
  } properties;
} registration;

/// A registration that names a property: its slot, and which of its
/// properties it is.
typedef struct observer_reference {
  uint32_t slot;
  uint32_t ordinal;
} observer_reference;

/// A write logged while a scope was in setup: the latest mark of `thread`'s
/// writes to `property`.
typedef struct setup_write {
  const void *property;
  uint64_t thread;
  uint64_t mark;
} setup_write;

/// The references to one property. A single reference, the common case, is
/// stored inline.
typedef struct property_bucket {
  /// The property's address; 0 when the bucket is empty. First, as the hash
  /// table wants its key.
  uint64_t key;
  uint32_t count;
  uint32_t capacity;
  union {
    observer_reference one;
    observer_reference *many;
  } references;
} property_bucket;

struct perception_observer_table {
  perception_lock lock;
  _Atomic(size_t) reference_count;
  bool dead;
  /// The registrar whose filters this table keeps; NULL once dead.
  perception_registrar *registrar;

  registration *slots;
  /// Slots in use, free or retired; the rest of `slot_capacity` is unused.
  uint32_t slot_count;
  uint32_t slot_capacity;
  uint32_t free_head;

  /// property -> property_bucket, over `small_buckets` while it is small.
  perception_hash_table buckets;
  /// The number of registrations, written under the lock and read without
  /// it by perception_table_cancel.
  _Atomic(size_t) registration_count;

  /// Per filter bit: how many (registration, property) pairs set it.
  uint32_t will_set_counts[64];
  uint32_t did_set_counts[PERCEPTION_DID_SET_FILTER_BITS];

  /// The setup log, on the heap once a write is logged.
  setup_write *setup_writes;
  uint32_t setup_write_count;
  uint32_t setup_write_capacity;

  property_bucket small_buckets[PERCEPTION_HASH_TABLE_SMALL_LIMIT];
};

perception_atomic_pointer perception_spare_observer;

_Atomic(uint64_t) perception_setup_marks = 1;

perception_native_stripe perception_native_stripes[PERCEPTION_NATIVE_STRIPES];

//===--- The observer batch -----------------------------------------------===//

void perception_observer_batch_free_storage(perception_observer_batch *batch) {
  free(batch->observers);
  batch->observers = batch->inline_observers;
}

static void batch_append(perception_observer_batch *batch, void *observer) {
  if (PERCEPTION_UNLIKELY(batch->count == batch->capacity)) {
    size_t capacity = perception_grow_capacity(batch->capacity, 2 * PERCEPTION_OBSERVER_BATCH_INLINE_CAPACITY,
                                               SIZE_MAX / sizeof(void *));
    if (batch->observers == batch->inline_observers) {
      void **observers = perception_allocate_array(capacity, sizeof(void *));
      memcpy(observers, batch->observers, batch->count * sizeof(void *));
      batch->observers = observers;
    } else {
      batch->observers = perception_reallocate_array(batch->observers, capacity, sizeof(void *));
    }
    batch->capacity = capacity;
  }
  batch->observers[batch->count++] = observer;
}

//===--- Filter bits ------------------------------------------------------===//

/// Sets bits in the willSet filter.
static void set_filter_bits(_Atomic(uint64_t) *filter, uint64_t set) {
  // Only the table's lock holder writes the willSet filter
  // (perception_registrar_destroy zeroes it after detaching the table), so no
  // read-modify-write is needed.
  uint64_t bits = atomic_load_explicit(filter, memory_order_relaxed);
  atomic_store_explicit(filter, bits | set, memory_order_relaxed);
}

/// Clears, in the willSet filter, the bits whose counts have dropped to zero.
static void clear_filter_bits(_Atomic(uint64_t) *filter, uint64_t cleared) {
  // Only the table's lock holder writes the willSet filter: load and store.
  uint64_t bits = atomic_load_explicit(filter, memory_order_relaxed);
  atomic_store_explicit(filter, bits & ~cleared, memory_order_relaxed);
}

// The didSet word's setup count changes without the lock, so its filter bits
// change by read-modify-writes that leave the count alone.

static void set_did_set_bits(perception_registrar *registrar, uint64_t set) {
  atomic_fetch_or_explicit(&registrar->did_set_filter, set, memory_order_relaxed);
}

static void clear_did_set_bits(perception_registrar *registrar, uint64_t cleared) {
  atomic_fetch_and_explicit(&registrar->did_set_filter, ~cleared, memory_order_relaxed);
}

//===--- Setup ------------------------------------------------------------===//

void perception_registrar_setup_overflow(void) {
  perception_fatal("perception_registrar_begin_setup: 65,535 tracking scopes are in setup on one object");
}

static bool has_scope_in_setup(perception_registrar *registrar) {
  return (atomic_load_explicit(&registrar->did_set_filter, memory_order_seq_cst) & PERCEPTION_SETUP_MASK) != 0;
}

/// Under the lock: empties the log once no scope is in setup; a scope that
/// begins later took a mark above every entry, so no entry concerns it.
static void forget_setup_writes_if_idle(perception_observer_table *table) {
  if (table->setup_write_count != 0 && table->registrar != NULL && !has_scope_in_setup(table->registrar)) {
    table->setup_write_count = 0;
  }
}

/// Under the lock: logs a write to `property` by this thread.
static void log_setup_write(perception_observer_table *table, const void *property) {
  uint64_t thread = perception_thread_token();
  uint64_t mark = atomic_fetch_add_explicit(&perception_setup_marks, 1, memory_order_seq_cst);
  for (uint32_t i = 0; i < table->setup_write_count; i++) {
    setup_write *entry = &table->setup_writes[i];
    if (entry->property == property && entry->thread == thread) {
      entry->mark = mark;
      return;
    }
  }
  if (table->setup_write_count == table->setup_write_capacity) {
    size_t capacity = perception_grow_capacity(table->setup_write_capacity, 4, UINT32_MAX);
    table->setup_writes = perception_reallocate_array(table->setup_writes, capacity, sizeof(setup_write));
    table->setup_write_capacity = (uint32_t)capacity;
  }
  table->setup_writes[table->setup_write_count++] = (setup_write){property, thread, mark};
}

/// Under the lock: a property of `properties` that another thread wrote
/// since `mark`, or NULL.
static const void *setup_write_since(perception_observer_table *table, const void *const *properties,
                                     size_t count, uint64_t mark) {
  if (table->setup_write_count == 0) {
    return NULL;
  }
  uint64_t thread = perception_thread_token();
  for (uint32_t i = 0; i < table->setup_write_count; i++) {
    setup_write *entry = &table->setup_writes[i];
    if (entry->mark < mark || entry->thread == thread) {
      continue;
    }
    for (size_t p = 0; p < count; p++) {
      if (properties[p] == entry->property) {
        return entry->property;
      }
    }
  }
  return NULL;
}

//===--- Registrations ----------------------------------------------------===//

static inline registered_property *properties_of(registration *entry) {
  return entry->property_count <= INLINE_PROPERTIES ? entry->properties.inline_properties
                                                    : entry->properties.heap_properties;
}

/// A free slot, reusing a cancelled one if there is one.
static uint32_t allocate_slot(perception_observer_table *table) {
  if (table->free_head != NO_SLOT) {
    uint32_t slot = table->free_head;
    table->free_head = table->slots[slot].next_free;
    return slot;
  }
  if (table->slot_count == table->slot_capacity) {
    size_t capacity = perception_grow_capacity(table->slot_capacity, 4, MAX_SLOTS);
    table->slots = perception_reallocate_array(table->slots, capacity, sizeof(registration));
    table->slot_capacity = (uint32_t)capacity;
  }
  table->slots[table->slot_count].generation = 0;
  return table->slot_count++;
}

static void free_slot(perception_observer_table *table, uint32_t slot) {
  registration *entry = &table->slots[slot];
  if (entry->property_count > INLINE_PROPERTIES) {
    free(entry->properties.heap_properties);
  }
  entry->token = 0;
  entry->observer = NULL;
  entry->events = 0;
  entry->property_count = 0;
  // A slot that has handed out every generation would repeat a token if
  // reused, so it stays out of the free list.
  if (PERCEPTION_LIKELY(entry->generation != UINT32_MAX)) {
    entry->next_free = table->free_head;
    table->free_head = slot;
  }
}

//===--- The property buckets ---------------------------------------------===//

static inline observer_reference *references_of(property_bucket *bucket) {
  return bucket->capacity <= 1 ? &bucket->references.one : bucket->references.many;
}

static inline property_bucket *bucket_find(const perception_observer_table *table, const void *property) {
  return perception_hash_table_find(&table->buckets, (uint64_t)(uintptr_t)property, sizeof(property_bucket));
}

/// The bucket of `property`, created empty if need be. May move other buckets.
static property_bucket *bucket_find_or_insert(perception_observer_table *table, const void *property) {
  property_bucket *bucket = bucket_find(table, property);
  if (bucket != NULL) {
    return bucket;
  }
  bucket = perception_hash_table_insert(&table->buckets, (uint64_t)(uintptr_t)property, sizeof(property_bucket));
  bucket->count = 0;
  bucket->capacity = 1;
  return bucket;
}

/// Appends a reference and returns its position.
static uint32_t bucket_append(property_bucket *bucket, observer_reference reference) {
  if (bucket->count == bucket->capacity) {
    size_t capacity = perception_grow_capacity(bucket->capacity, 4, MAX_SLOTS);
    if (bucket->capacity <= 1) {
      observer_reference *many = perception_allocate_array(capacity, sizeof(observer_reference));
      many[0] = bucket->references.one;
      bucket->references.many = many;
    } else {
      bucket->references.many =
          perception_reallocate_array(bucket->references.many, capacity, sizeof(observer_reference));
    }
    bucket->capacity = (uint32_t)capacity;
  }
  uint32_t position = bucket->count++;
  references_of(bucket)[position] = reference;
  return position;
}

/// Removes the (empty) bucket from the map. Other buckets may move.
static void bucket_remove(perception_observer_table *table, property_bucket *bucket) {
  if (bucket->capacity > 1) {
    free(bucket->references.many);
  }
  perception_hash_table_erase(&table->buckets, bucket, sizeof(property_bucket));
}

/// Removes the reference at `position` by moving the last one into it, and
/// tells the moved reference's registration where it went.
static void bucket_remove_reference(perception_observer_table *table, property_bucket *bucket,
                                    uint32_t position) {
  observer_reference *references = references_of(bucket);
  uint32_t last = bucket->count - 1;
  if (position != last) {
    observer_reference moved = references[last];
    references[position] = moved;
    properties_of(&table->slots[moved.slot])[moved.ordinal].position = position;
  }
  bucket->count = last;
}

static void free_contents(perception_observer_table *table) {
  for (uint32_t slot = 0; slot < table->slot_count; slot++) {
    registration *entry = &table->slots[slot];
    if (entry->token != 0 && entry->property_count > INLINE_PROPERTIES) {
      free(entry->properties.heap_properties);
    }
  }
  size_t bucket_end = perception_hash_table_end(&table->buckets);
  for (size_t i = 0; i < bucket_end; i++) {
    property_bucket *bucket = perception_hash_table_entry(&table->buckets, i, sizeof(property_bucket));
    if (bucket->key != 0 && bucket->capacity > 1) {
      free(bucket->references.many);
    }
  }
  free(table->slots);
  free(table->setup_writes);
  table->setup_writes = NULL;
  table->setup_write_count = 0;
  table->setup_write_capacity = 0;
  perception_hash_table_clear(&table->buckets);
  table->slots = NULL;
  table->slot_count = 0;
  table->slot_capacity = 0;
  table->free_head = NO_SLOT;
  atomic_store_explicit(&table->registration_count, 0, memory_order_relaxed);
  memset(table->will_set_counts, 0, sizeof(table->will_set_counts));
  memset(table->did_set_counts, 0, sizeof(table->did_set_counts));
}

//===--- The table's life -------------------------------------------------===//

static perception_observer_table *table_create(perception_registrar *registrar) {
  perception_observer_table *table = perception_allocate_zeroed(1, sizeof(perception_observer_table));
  perception_lock_init(&table->lock);
  atomic_init(&table->reference_count, 1);
  atomic_init(&table->registration_count, 0);
  table->dead = false;
  table->registrar = registrar;
  table->slots = NULL;
  table->free_head = NO_SLOT;
  perception_hash_table_init(&table->buckets, table->small_buckets);
  PERCEPTION_DEBUG_COUNT(PERCEPTION_DEBUG_TABLES, 1);
  return table;
}

static void table_free(perception_observer_table *table) {
  PERCEPTION_DEBUG_COUNT(PERCEPTION_DEBUG_TABLES, -1);
  free_contents(table);
  perception_lock_destroy(&table->lock);
  free(table);
}

perception_observer_table *perception_registrar_table(perception_registrar *registrar) {
  perception_observer_table *table = atomic_load_explicit(&registrar->table, memory_order_acquire);
  if (PERCEPTION_LIKELY(table != NULL)) {
    return table;
  }
  perception_observer_table *created = table_create(registrar);
  perception_observer_table *expected = NULL;
  if (atomic_compare_exchange_strong_explicit(&registrar->table, &expected, created, memory_order_acq_rel,
                                              memory_order_acquire)) {
    return created;
  }
  // Another thread installed its table first.
  table_free(created);
  return expected;
}

void perception_table_retain(perception_observer_table *table) {
  atomic_fetch_add_explicit(&table->reference_count, 1, memory_order_relaxed);
}

void perception_table_release(perception_observer_table *table) {
  if (atomic_fetch_sub_explicit(&table->reference_count, 1, memory_order_acq_rel) == 1) {
    table_free(table);
  }
}

void perception_registrar_destroy(perception_registrar *registrar, perception_observer_batch *out) {
  perception_observer_table *table = atomic_load_explicit(&registrar->table, memory_order_acquire);
  if (table != NULL) {
    perception_lock_lock(&table->lock);
    for (uint32_t slot = 0; slot < table->slot_count; slot++) {
      if (table->slots[slot].token != 0) {
        batch_append(out, table->slots[slot].observer);
      }
    }
    PERCEPTION_DEBUG_COUNT(PERCEPTION_DEBUG_REGISTRATIONS,
                           -(intptr_t)atomic_load_explicit(&table->registration_count, memory_order_relaxed));
    free_contents(table);
    table->dead = true;
    table->registrar = NULL;
    perception_lock_unlock(&table->lock);
  }
  atomic_store_explicit(&registrar->will_set_filter, 0, memory_order_relaxed);
  atomic_store_explicit(&registrar->did_set_filter, 0, memory_order_relaxed);
  atomic_store_explicit(&registrar->table, NULL, memory_order_release);
  if (table != NULL) {
    perception_table_release(table);
  }
}

//===--- Registering, cancelling, collecting ------------------------------===//

/// Under the lock, on a live table: perception_table_register's work.
static perception_token register_locked(perception_observer_table *table, const void *const *properties,
                                        size_t count, uint32_t events, void *observer) {
  if (PERCEPTION_UNLIKELY(count > MAX_SLOTS)) {
    perception_fatal("perception_table_register: too many properties");
  }
  uint32_t slot = allocate_slot(table);
  registration *entry = &table->slots[slot];
  entry->generation++;
  entry->token = ((perception_token)entry->generation << TOKEN_SLOT_BITS) | slot;
  entry->observer = observer;
  entry->events = events;
  entry->thread = perception_thread_token();
  entry->property_count = (uint32_t)count;
  entry->next_free = NO_SLOT;
  if (count > INLINE_PROPERTIES) {
    entry->properties.heap_properties = perception_allocate_array(count, sizeof(registered_property));
  }
  registered_property *registered = properties_of(entry);
  uint64_t will_set_bits = 0;
  uint64_t did_set_bits = 0;
  for (size_t ordinal = 0; ordinal < count; ordinal++) {
    const void *property = properties[ordinal];
    if (PERCEPTION_UNLIKELY(property == NULL)) {
      perception_fatal("perception_table_register: a property is NULL");
    }
    registered[ordinal].property = property;
    property_bucket *bucket = bucket_find_or_insert(table, property);
    // The references this call appends stay last in their bucket until it
    // returns, so a repeated property shows up as a last reference to `slot`.
    if (bucket->count != 0 && references_of(bucket)[bucket->count - 1].slot == slot) {
      registered[ordinal].position = NO_POSITION;
      continue;
    }
    observer_reference reference = {slot, (uint32_t)ordinal};
    registered[ordinal].position = bucket_append(bucket, reference);
    if (events & PERCEPTION_EVENT_WILL_SET) {
      unsigned bit = perception_property_filter_bit_number(property);
      table->will_set_counts[bit]++;
      will_set_bits |= (uint64_t)1 << bit;
    }
    if (events & PERCEPTION_EVENT_DID_SET) {
      unsigned bit = perception_property_did_set_bit_number(property);
      table->did_set_counts[bit]++;
      did_set_bits |= (uint64_t)1 << bit;
    }
  }
  perception_token token = entry->token;
  PERCEPTION_DEBUG_COUNT(PERCEPTION_DEBUG_REGISTRATIONS, 1);
  size_t registrations = atomic_load_explicit(&table->registration_count, memory_order_relaxed);
  atomic_store_explicit(&table->registration_count, registrations + 1, memory_order_relaxed);
  if (table->registrar != NULL) {
    if (will_set_bits != 0) {
      set_filter_bits(&table->registrar->will_set_filter, will_set_bits);
    }
    if (did_set_bits != 0) {
      set_did_set_bits(table->registrar, did_set_bits);
    }
  }
  return token;
}

perception_setup_registration perception_table_register_after_setup(perception_observer_table *table,
                                                                    const void *const *properties,
                                                                    size_t count, uint32_t events,
                                                                    void *observer, uint64_t mark) {
  perception_setup_registration result = {0, NULL};
  perception_lock_lock(&table->lock);
  if (!table->dead) {
    result.token = register_locked(table, properties, count, events, observer);
    // A write logged after this, under the lock, finds the registration.
    result.changed = setup_write_since(table, properties, count, mark);
  }
  perception_lock_unlock(&table->lock);
  return result;
}

perception_token perception_table_register(perception_observer_table *table,
                                           const void *const *properties, size_t count,
                                           uint32_t events, void *observer) {
  // No logged write's mark reaches UINT64_MAX, so nothing is reported
  // changed; and register_locked keeps one caller, into which it is inlined.
  return perception_table_register_after_setup(table, properties, count, events, observer, UINT64_MAX).token;
}

/// Removes the registration in `slot`: its references, its filter counts
/// (clearing the bits that drop to zero) and its slot. Returns its observer,
/// whose reference now belongs to the caller. Buckets may move. Cancel and
/// one-shot collection share it.
static void *remove_registration(perception_observer_table *table, uint32_t slot) {
  PERCEPTION_DEBUG_COUNT(PERCEPTION_DEBUG_REGISTRATIONS, -1);
  size_t registrations = atomic_load_explicit(&table->registration_count, memory_order_relaxed);
  atomic_store_explicit(&table->registration_count, registrations - 1, memory_order_relaxed);
  registration *entry = &table->slots[slot];
  void *observer = entry->observer;
  registered_property *registered = properties_of(entry);
  uint64_t will_set_cleared = 0;
  uint64_t did_set_cleared = 0;
  for (uint32_t ordinal = 0; ordinal < entry->property_count; ordinal++) {
    if (registered[ordinal].position == NO_POSITION) {
      continue;
    }
    const void *property = registered[ordinal].property;
    property_bucket *bucket = bucket_find(table, property);
    bucket_remove_reference(table, bucket, registered[ordinal].position);
    if (bucket->count == 0) {
      bucket_remove(table, bucket);
    }
    unsigned bit = perception_property_filter_bit_number(property);
    if ((entry->events & PERCEPTION_EVENT_WILL_SET) && --table->will_set_counts[bit] == 0) {
      will_set_cleared |= (uint64_t)1 << bit;
    }
    unsigned did_set_bit = perception_property_did_set_bit_number(property);
    if ((entry->events & PERCEPTION_EVENT_DID_SET) && --table->did_set_counts[did_set_bit] == 0) {
      did_set_cleared |= (uint64_t)1 << did_set_bit;
    }
  }
  free_slot(table, slot);
  if (table->registrar != NULL) {
    if (will_set_cleared != 0) {
      clear_filter_bits(&table->registrar->will_set_filter, will_set_cleared);
    }
    if (did_set_cleared != 0) {
      clear_did_set_bits(table->registrar, did_set_cleared);
    }
  }
  return observer;
}

void *perception_table_cancel(perception_observer_table *table, perception_token token) {
  // An empty table has nothing to cancel, and saying so needs no lock. This
  // is the common case: a one-shot observer whose registration collect has
  // already removed. Reading 0 is never wrong for a live token: the caller
  // got the token after the register that counted it (anything else races
  // on the token itself), so it cannot read an older count than the one that
  // register stored, and the count returns to 0 only once every registration
  // counted then, this one included, is gone.
  if (atomic_load_explicit(&table->registration_count, memory_order_relaxed) == 0) {
    return NULL;
  }
  perception_lock_lock(&table->lock);
  void *observer = NULL;
  // The slot's token is the one given exactly while that registration is in
  // it: a free or retired slot holds 0, which names nothing, and a reused
  // one a later generation. A dead table has no slots.
  uint32_t slot = (uint32_t)token;
  if (token != 0 && slot < table->slot_count && table->slots[slot].token == token) {
    observer = remove_registration(table, slot);
  }
  perception_lock_unlock(&table->lock);
  return observer;
}

size_t perception_registrar_collect(perception_registrar *registrar, const void *property,
                                    uint32_t event, void (*retain)(void *observer),
                                    perception_observer_batch *out) {
  // A registration flag is not an event to match.
  event &= PERCEPTION_EVENT_WILL_SET | PERCEPTION_EVENT_DID_SET | PERCEPTION_EVENT_DEINIT;
  bool logs = event == PERCEPTION_EVENT_DID_SET && has_scope_in_setup(registrar);
  // A write logged for a scope in setup makes the table the scope will find.
  perception_observer_table *table = logs ? perception_registrar_table(registrar)
                                          : atomic_load_explicit(&registrar->table, memory_order_acquire);
  out->table = table;
  if (table == NULL) {
    return 0;
  }
  size_t added = 0;
  perception_lock_lock(&table->lock);
  if (logs && !table->dead) {
    log_setup_write(table, property);
  } else {
    forget_setup_writes_if_idle(table);
  }
  property_bucket *bucket = bucket_find(table, property);
  uint32_t i = 0;
  while (bucket != NULL && i < bucket->count) {
    uint32_t slot = references_of(bucket)[i].slot;
    registration *entry = &table->slots[slot];
    if (!(entry->events & event) ||
        (event == PERCEPTION_EVENT_DID_SET && (entry->events & PERCEPTION_REGISTRATION_DID_SET_STANDS_FOR_WILL_SET) &&
         entry->thread == perception_thread_token())) {
      i++;
      continue;
    }
    batch_append(out, entry->observer);
    added++;
    if (!(entry->events & PERCEPTION_REGISTRATION_ONCE)) {
      if (retain != NULL) {
        retain(entry->observer);
      }
      i++;
      continue;
    }
    // A one-shot registration leaves the table; the batch takes over the
    // table's reference. Its reference at `i` is replaced by the bucket's last
    // one, not visited yet, so `i` stays. Removing its other properties may
    // move this bucket, and removing its last reference removes it.
    bool last_reference = bucket->count == 1;
    bool other_properties = entry->property_count > 1;
    remove_registration(table, slot);
    if (last_reference) {
      break;
    }
    if (other_properties) {
      bucket = bucket_find(table, property);
    }
  }
  perception_lock_unlock(&table->lock);
  return added;
}
