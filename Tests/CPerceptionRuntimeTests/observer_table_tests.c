//===----------------------------------------------------------------------===//
//
// The observer table and the registrar: register, cancel, collect, the
// filters, destroy, and the table's reference count.
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include "CPerceptionRuntime.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define PROPERTY(i) ((const void *)fake_pointer(3, (i)))

/// A stand-in for a Swift observer: its retain count is what collect adds.
typedef struct test_observer {
  atomic_int retains;
  int id;
  perception_token token;
} test_observer;

static void retain_observer(void *observer) { atomic_fetch_add(&((test_observer *)observer)->retains, 1); }

static void observer_init(test_observer *observer, int id) {
  atomic_init(&observer->retains, 0);
  observer->id = id;
  observer->token = 0;
}

/// How many times `observer` is in the batch.
static size_t occurrences(const perception_observer_batch *batch, const void *observer) {
  size_t found = 0;
  for (size_t i = 0; i < batch->count; i++) {
    found += batch->observers[i] == observer;
  }
  return found;
}

/// Collects into a fresh batch and returns how many it added.
static size_t collect(perception_registrar *registrar, const void *property, uint32_t event,
                      perception_observer_batch *batch) {
  perception_observer_batch_destroy(batch);
  size_t added = perception_registrar_collect(registrar, property, event, retain_observer, batch);
  CHECK_EQ(added, batch->count);
  return added;
}

/// Destroys the registrar into an emptied batch.
static void destroy_registrar(perception_registrar *registrar, perception_observer_batch *batch) {
  perception_observer_batch_destroy(batch);
  perception_registrar_destroy(registrar, batch);
}

/// Two properties whose filter bits differ, in both filters.
static void two_properties_with_distinct_bits(const void **first, const void **second) {
  *first = PROPERTY(0);
  for (uintptr_t i = 1;; i++) {
    if (perception_property_filter_bit(PROPERTY(i)) != perception_property_filter_bit(*first) &&
        perception_property_did_set_bit(PROPERTY(i)) != perception_property_did_set_bit(*first)) {
      *second = PROPERTY(i);
      return;
    }
  }
}

static void test_empty_registrar(void) {
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  CHECK(atomic_load(&registrar.table) == NULL);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_WILL_SET), 0);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), 0);
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  CHECK_EQ(perception_registrar_collect(&registrar, PROPERTY(0), PERCEPTION_EVENT_DID_SET, retain_observer,
                                        &batch),
           0);
  // Collecting does not create the table.
  CHECK(atomic_load(&registrar.table) == NULL);
  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, 0);
  CHECK(atomic_load(&registrar.table) == NULL);
  perception_observer_batch_destroy(&batch);
}

static void test_register_collect_cancel(void) {
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  perception_observer_table *table = perception_registrar_table(&registrar);
  CHECK(table != NULL);
  CHECK(perception_registrar_table(&registrar) == table);
  test_observer a, b, c;
  observer_init(&a, 1);
  observer_init(&b, 2);
  observer_init(&c, 3);
  const void *a_properties[] = {PROPERTY(1), PROPERTY(2)};
  const void *b_properties[] = {PROPERTY(2)};
  const void *c_properties[] = {PROPERTY(2), PROPERTY(3)};
  a.token = perception_table_register(table, a_properties, 2,
                                      PERCEPTION_EVENT_WILL_SET | PERCEPTION_EVENT_DID_SET, &a);
  b.token = perception_table_register(table, b_properties, 1, PERCEPTION_EVENT_DID_SET, &b);
  c.token = perception_table_register(table, c_properties, 2, PERCEPTION_EVENT_WILL_SET, &c);
  CHECK(a.token != 0 && b.token != 0 && c.token != 0);
  CHECK(a.token != b.token && b.token != c.token && a.token != c.token);

  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  // Collect by property and by event kind.
  CHECK_EQ(collect(&registrar, PROPERTY(1), PERCEPTION_EVENT_WILL_SET, &batch), 1);
  CHECK_EQ(occurrences(&batch, &a), 1);
  CHECK_EQ(collect(&registrar, PROPERTY(1), PERCEPTION_EVENT_DID_SET, &batch), 1);
  CHECK_EQ(occurrences(&batch, &a), 1);
  CHECK_EQ(collect(&registrar, PROPERTY(2), PERCEPTION_EVENT_DID_SET, &batch), 2);
  CHECK_EQ(occurrences(&batch, &a), 1);
  CHECK_EQ(occurrences(&batch, &b), 1);
  CHECK_EQ(collect(&registrar, PROPERTY(2), PERCEPTION_EVENT_WILL_SET, &batch), 2);
  CHECK_EQ(occurrences(&batch, &a), 1);
  CHECK_EQ(occurrences(&batch, &c), 1);
  CHECK_EQ(collect(&registrar, PROPERTY(3), PERCEPTION_EVENT_DID_SET, &batch), 0);
  CHECK_EQ(collect(&registrar, PROPERTY(3), PERCEPTION_EVENT_WILL_SET, &batch), 1);
  CHECK_EQ(collect(&registrar, PROPERTY(4), PERCEPTION_EVENT_WILL_SET, &batch), 0);
  CHECK_EQ(collect(&registrar, PROPERTY(2), PERCEPTION_EVENT_DEINIT, &batch), 0);
  // Each collected observer was retained once per collect.
  CHECK_EQ(atomic_load(&a.retains), 4);
  CHECK_EQ(atomic_load(&b.retains), 1);
  CHECK_EQ(atomic_load(&c.retains), 2);

  // Cancel hands the observer back, once.
  CHECK(perception_table_cancel(table, a.token) == &a);
  CHECK(perception_table_cancel(table, a.token) == NULL);
  CHECK(perception_table_cancel(table, 0) == NULL);
  CHECK(perception_table_cancel(table, 987654) == NULL);
  CHECK_EQ(collect(&registrar, PROPERTY(1), PERCEPTION_EVENT_WILL_SET, &batch), 0);
  CHECK_EQ(collect(&registrar, PROPERTY(2), PERCEPTION_EVENT_DID_SET, &batch), 1);
  CHECK_EQ(occurrences(&batch, &b), 1);
  CHECK_EQ(collect(&registrar, PROPERTY(2), PERCEPTION_EVENT_WILL_SET, &batch), 1);
  CHECK_EQ(occurrences(&batch, &c), 1);
  CHECK(perception_table_cancel(table, c.token) == &c);
  CHECK(perception_table_cancel(table, b.token) == &b);
  CHECK_EQ(collect(&registrar, PROPERTY(2), PERCEPTION_EVENT_WILL_SET, &batch), 0);
  CHECK_EQ(collect(&registrar, PROPERTY(2), PERCEPTION_EVENT_DID_SET, &batch), 0);

  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, 0);
  perception_observer_batch_destroy(&batch);
}

static void test_stale_token_after_slot_reuse(void) {
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  perception_observer_table *table = perception_registrar_table(&registrar);
  test_observer a, b;
  observer_init(&a, 1);
  observer_init(&b, 2);
  const void *properties[] = {PROPERTY(7)};
  perception_token first = perception_table_register(table, properties, 1, PERCEPTION_EVENT_DID_SET, &a);
  CHECK(perception_table_cancel(table, first) == &a);
  // The freed slot is reused by the next registration; its token is new.
  perception_token second = perception_table_register(table, properties, 1, PERCEPTION_EVENT_DID_SET, &b);
  CHECK(second != first);
  CHECK(perception_table_cancel(table, first) == NULL);
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  CHECK_EQ(collect(&registrar, PROPERTY(7), PERCEPTION_EVENT_DID_SET, &batch), 1);
  CHECK_EQ(occurrences(&batch, &b), 1);
  CHECK(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET) != 0);
  CHECK(perception_table_cancel(table, second) == &b);
  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, 0);
  perception_observer_batch_destroy(&batch);
}

/// Tokens the table never gave, or gave for another slot or generation,
/// name nothing and leave the registrations alone.
static void test_tokens_that_name_nothing(void) {
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  perception_observer_table *table = perception_registrar_table(&registrar);
  test_observer a;
  observer_init(&a, 1);
  const void *properties[] = {PROPERTY(3)};
  perception_token token = perception_table_register(table, properties, 1, PERCEPTION_EVENT_DID_SET, &a);
  CHECK(token != 0);
  CHECK(perception_table_cancel(table, 0) == NULL);
  CHECK(perception_table_cancel(table, token + 1) == NULL);
  CHECK(perception_table_cancel(table, token + ((perception_token)1 << 32)) == NULL);
  CHECK(perception_table_cancel(table, token - ((perception_token)1 << 32)) == NULL);
  CHECK(perception_table_cancel(table, UINT64_MAX) == NULL);
  CHECK(perception_table_cancel(table, token) == &a);
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, 0);
  perception_observer_batch_destroy(&batch);
}

static void test_tokens_never_repeat(void) {
  enum { ROUNDS = 2000 };
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  perception_observer_table *table = perception_registrar_table(&registrar);
  test_observer observers[4];
  for (int i = 0; i < 4; i++) {
    observer_init(&observers[i], i);
  }
  const void *properties[] = {PROPERTY(1)};
  perception_token live[4] = {0, 0, 0, 0};
  perception_token last = 0;
  size_t increasing = 0;
  for (int round = 0; round < ROUNDS; round++) {
    int i = round % 4;
    if (live[i] != 0) {
      CHECK(perception_table_cancel(table, live[i]) == &observers[i]);
    }
    live[i] = perception_table_register(table, properties, 1, PERCEPTION_EVENT_WILL_SET, &observers[i]);
    // Each slot is taken again in turn, a generation later, so here tokens
    // grow; none repeats.
    increasing += live[i] > last;
    last = live[i];
  }
  CHECK_EQ(increasing, ROUNDS);
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, 4);
  perception_observer_batch_destroy(&batch);
}

static void test_filters_follow_registrations(void) {
  const void *p, *q;
  two_properties_with_distinct_bits(&p, &q);
  uint64_t p_bit = perception_property_filter_bit(p);
  uint64_t q_bit = perception_property_filter_bit(q);
  uint64_t p_did_bit = perception_property_did_set_bit(p);
  uint64_t q_did_bit = perception_property_did_set_bit(q);
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  perception_observer_table *table = perception_registrar_table(&registrar);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_WILL_SET), 0);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), 0);
  test_observer a, b, c, d;
  observer_init(&a, 1);
  observer_init(&b, 2);
  observer_init(&c, 3);
  observer_init(&d, 4);
  const void *only_p[] = {p};
  const void *only_q[] = {q};
  const void *both[] = {p, q};
  perception_token ta = perception_table_register(table, only_p, 1, PERCEPTION_EVENT_WILL_SET, &a);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_WILL_SET), p_bit);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), 0);
  perception_token tb = perception_table_register(table, only_q, 1, PERCEPTION_EVENT_DID_SET, &b);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_WILL_SET), p_bit);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), q_did_bit);
  perception_token tc = perception_table_register(
      table, both, 2, PERCEPTION_EVENT_WILL_SET | PERCEPTION_EVENT_DID_SET, &c);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_WILL_SET), p_bit | q_bit);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), p_did_bit | q_did_bit);
  // A deinit-only registration sets no filter bit.
  perception_token td = perception_table_register(table, only_q, 1, PERCEPTION_EVENT_DEINIT, &d);
  CHECK(perception_table_cancel(table, tc) == &c);
  // The remaining registrations still need p's willSet bit and q's didSet bit.
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_WILL_SET), p_bit);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), q_did_bit);
  CHECK(perception_table_cancel(table, ta) == &a);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_WILL_SET), 0);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), q_did_bit);
  CHECK(perception_table_cancel(table, tb) == &b);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_WILL_SET), 0);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), 0);
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  CHECK_EQ(collect(&registrar, q, PERCEPTION_EVENT_DEINIT, &batch), 1);
  CHECK(perception_table_cancel(table, td) == &d);
  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, 0);
  perception_observer_batch_destroy(&batch);
}

/// A one-shot registration leaves the table when collected for an event it
/// matches, and its reference goes to the batch instead of being retained.
static void test_once_registrations_leave_on_collect(void) {
  const void *p, *q;
  two_properties_with_distinct_bits(&p, &q);
  uint64_t p_bit = perception_property_filter_bit(p);
  uint64_t q_bit = perception_property_filter_bit(q);
  uint64_t p_did_bit = perception_property_did_set_bit(p);
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  perception_observer_table *table = perception_registrar_table(&registrar);
  test_observer once, plain, did_set_once, other_once;
  observer_init(&once, 1);
  observer_init(&plain, 2);
  observer_init(&did_set_once, 3);
  observer_init(&other_once, 4);
  const void *both[] = {p, q};
  const void *only_p[] = {p};
  const void *only_q[] = {q};
  once.token = perception_table_register(
      table, both, 2, PERCEPTION_EVENT_WILL_SET | PERCEPTION_REGISTRATION_ONCE, &once);
  plain.token = perception_table_register(table, only_p, 1, PERCEPTION_EVENT_WILL_SET, &plain);
  did_set_once.token = perception_table_register(
      table, only_p, 1, PERCEPTION_EVENT_DID_SET | PERCEPTION_REGISTRATION_ONCE, &did_set_once);
  other_once.token = perception_table_register(
      table, only_q, 1, PERCEPTION_EVENT_WILL_SET | PERCEPTION_REGISTRATION_ONCE, &other_once);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_WILL_SET), p_bit | q_bit);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), p_did_bit);

  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  // A registration flag is not an event: collecting it finds nobody and
  // removes nothing.
  CHECK_EQ(collect(&registrar, p, PERCEPTION_REGISTRATION_ONCE, &batch), 0);
  // A willSet on p: both willSet observers, and only the one-shot one leaves.
  CHECK_EQ(collect(&registrar, p, PERCEPTION_EVENT_WILL_SET, &batch), 2);
  CHECK_EQ(occurrences(&batch, &once), 1);
  CHECK_EQ(occurrences(&batch, &plain), 1);
  // The one-shot observer's reference was handed over, not retained.
  CHECK_EQ(atomic_load(&once.retains), 0);
  CHECK_EQ(atomic_load(&plain.retains), 1);
  // Gone from q as well; q's willSet bit stays for other_once.
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_WILL_SET), p_bit | q_bit);
  CHECK_EQ(collect(&registrar, q, PERCEPTION_EVENT_WILL_SET, &batch), 1);
  CHECK_EQ(occurrences(&batch, &other_once), 1);
  CHECK_EQ(atomic_load(&other_once.retains), 0);
  // Now nobody observes q's willSet.
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_WILL_SET), p_bit);
  CHECK_EQ(collect(&registrar, q, PERCEPTION_EVENT_WILL_SET, &batch), 0);
  // A second collect does not return the one-shot observers again.
  CHECK_EQ(collect(&registrar, p, PERCEPTION_EVENT_WILL_SET, &batch), 1);
  CHECK_EQ(occurrences(&batch, &plain), 1);
  CHECK_EQ(occurrences(&batch, &once), 0);
  // Their tokens name nothing any more.
  CHECK(perception_table_cancel(table, once.token) == NULL);
  CHECK(perception_table_cancel(table, other_once.token) == NULL);
  // The didSet one-shot registration was not touched by willSet collects.
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), p_did_bit);
  CHECK_EQ(collect(&registrar, p, PERCEPTION_EVENT_DID_SET, &batch), 1);
  CHECK_EQ(occurrences(&batch, &did_set_once), 1);
  CHECK_EQ(atomic_load(&did_set_once.retains), 0);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), 0);
  CHECK(perception_table_cancel(table, did_set_once.token) == NULL);
  // The plain registration is unaffected throughout.
  CHECK(perception_table_cancel(table, plain.token) == &plain);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_WILL_SET), 0);

  // Many one-shot observers of one property, some also on other properties,
  // interleaved with plain ones: one collect takes every one-shot one out.
  enum { MANY = 40 };
  test_observer many[MANY];
  for (int i = 0; i < MANY; i++) {
    observer_init(&many[i], 100 + i);
    const void *properties[] = {p, PROPERTY(100 + (uintptr_t)i), q};
    uint32_t events = PERCEPTION_EVENT_DID_SET | (i % 3 != 0 ? PERCEPTION_REGISTRATION_ONCE : 0);
    many[i].token = perception_table_register(table, properties, 1 + (size_t)(i % 3), events, &many[i]);
  }
  CHECK_EQ(collect(&registrar, p, PERCEPTION_EVENT_DID_SET, &batch), MANY);
  for (int i = 0; i < MANY; i++) {
    CHECK_EQ(occurrences(&batch, &many[i]), 1);
    CHECK_EQ(atomic_load(&many[i].retains), i % 3 != 0 ? 0 : 1);
  }
  CHECK_EQ(collect(&registrar, p, PERCEPTION_EVENT_DID_SET, &batch), (MANY + 2) / 3);
  CHECK_EQ(collect(&registrar, q, PERCEPTION_EVENT_DID_SET, &batch), 0);
  for (int i = 0; i < MANY; i++) {
    CHECK_EQ(collect(&registrar, PROPERTY(100 + (uintptr_t)i), PERCEPTION_EVENT_DID_SET, &batch), 0);
    CHECK(perception_table_cancel(table, many[i].token) == (i % 3 != 0 ? NULL : &many[i]));
  }
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), 0);
  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, 0);
  perception_observer_batch_destroy(&batch);
}

/// A registration naming the same property twice, and more properties than
/// fit inline, is found once per property and fully removed by cancel.
static void test_many_and_repeated_properties(void) {
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  perception_observer_table *table = perception_registrar_table(&registrar);
  test_observer a, b;
  observer_init(&a, 1);
  observer_init(&b, 2);
  const void *properties[] = {PROPERTY(1), PROPERTY(2), PROPERTY(1), PROPERTY(3),
                              PROPERTY(4), PROPERTY(5), PROPERTY(2), PROPERTY(6)};
  perception_token ta = perception_table_register(table, properties, 8, PERCEPTION_EVENT_DID_SET, &a);
  perception_token tb = perception_table_register(table, properties + 1, 3, PERCEPTION_EVENT_DID_SET, &b);
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  for (uintptr_t p = 1; p <= 6; p++) {
    collect(&registrar, PROPERTY(p), PERCEPTION_EVENT_DID_SET, &batch);
    CHECK_EQ(occurrences(&batch, &a), 1);
    CHECK_EQ(occurrences(&batch, &b), p <= 3 ? 1 : 0);
  }
  CHECK(perception_table_cancel(table, ta) == &a);
  for (uintptr_t p = 1; p <= 6; p++) {
    CHECK_EQ(collect(&registrar, PROPERTY(p), PERCEPTION_EVENT_DID_SET, &batch), p <= 3 ? 1 : 0);
  }
  uint64_t b_bits = perception_property_filter_bit(PROPERTY(1)) | perception_property_filter_bit(PROPERTY(2)) |
                    perception_property_filter_bit(PROPERTY(3));
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), b_bits);
  CHECK(perception_table_cancel(table, tb) == &b);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), 0);
  // No properties at all is a registration too.
  perception_token empty = perception_table_register(table, NULL, 0, PERCEPTION_EVENT_DEINIT, &a);
  CHECK(empty != 0);
  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, 1);
  CHECK_EQ(occurrences(&batch, &a), 1);
  perception_observer_batch_destroy(&batch);
}

static void test_destroy_hands_back_every_observer(void) {
  perception_registrar *registrar = malloc(sizeof(perception_registrar));
  perception_registrar_init(registrar);
  perception_observer_table *table = perception_registrar_table(registrar);
  // Keep the table past the registrar.
  perception_table_retain(table);
  test_observer a, b, c;
  observer_init(&a, 1);
  observer_init(&b, 2);
  observer_init(&c, 3);
  const void *properties[] = {PROPERTY(1), PROPERTY(2)};
  perception_token ta = perception_table_register(table, properties, 2, PERCEPTION_EVENT_WILL_SET, &a);
  perception_table_register(table, properties, 1, PERCEPTION_EVENT_DID_SET, &b);
  perception_table_register(table, properties + 1, 1, PERCEPTION_EVENT_DID_SET, &a);
  perception_token tc = perception_table_register(table, properties, 2, PERCEPTION_EVENT_DID_SET, &c);
  CHECK(perception_table_cancel(table, tc) == &c);

  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  destroy_registrar(registrar, &batch);
  // Once per registration it had.
  CHECK_EQ(batch.count, 3);
  CHECK_EQ(occurrences(&batch, &a), 2);
  CHECK_EQ(occurrences(&batch, &b), 1);
  CHECK_EQ(occurrences(&batch, &c), 0);
  // Destroy hands references over; it does not take new ones.
  CHECK_EQ(atomic_load(&a.retains), 0);
  // The registrar is zero again.
  CHECK(atomic_load(&registrar->table) == NULL);
  CHECK_EQ(atomic_load(&registrar->will_set_filter), 0);
  CHECK_EQ(atomic_load(&registrar->did_set_filter), 0);
  free(registrar);  // the table must not touch it any more

  // The table is dead: registering fails, cancelling finds nothing.
  CHECK_EQ(perception_table_register(table, properties, 2, PERCEPTION_EVENT_DID_SET, &c), 0);
  CHECK(perception_table_cancel(table, ta) == NULL);
  CHECK(perception_table_cancel(table, tc + 1) == NULL);
  perception_table_release(table);
  perception_observer_batch_destroy(&batch);
}

static void test_table_outlives_registrar(void) {
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  perception_observer_table *table = perception_registrar_table(&registrar);
  // Two observers each hold the table, as Swift's observers do.
  perception_table_retain(table);
  perception_table_retain(table);
  test_observer a;
  observer_init(&a, 1);
  const void *properties[] = {PROPERTY(1)};
  perception_token token = perception_table_register(table, properties, 1, PERCEPTION_EVENT_DID_SET, &a);
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, 1);
  perception_table_release(table);
  // Still alive through the second reference.
  CHECK(perception_table_cancel(table, token) == NULL);
  CHECK_EQ(perception_table_register(table, properties, 1, PERCEPTION_EVENT_DID_SET, &a), 0);
  perception_table_release(table);

  // A registrar used again after destroy gets a fresh table.
  perception_observer_table *fresh = perception_registrar_table(&registrar);
  CHECK(perception_table_register(fresh, properties, 1, PERCEPTION_EVENT_DID_SET, &a) != 0);
  perception_observer_batch_destroy(&batch);
  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, 1);
  perception_observer_batch_destroy(&batch);
}

/// Observers that cancel themselves and register others while the caller
/// walks a collected batch, as Swift's onChange callbacks do.
static void test_register_and_cancel_from_callbacks(void) {
  enum { OBSERVERS = 20 };
  perception_registrar registrar;
  perception_registrar other;
  perception_registrar_init(&registrar);
  perception_registrar_init(&other);
  perception_observer_table *table = perception_registrar_table(&registrar);
  test_observer first[OBSERVERS];
  test_observer second[OBSERVERS];
  const void *properties[] = {PROPERTY(1), PROPERTY(2)};
  for (int i = 0; i < OBSERVERS; i++) {
    observer_init(&first[i], i);
    observer_init(&second[i], 100 + i);
    first[i].token = perception_table_register(table, properties, 2, PERCEPTION_EVENT_DID_SET, &first[i]);
  }
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  CHECK_EQ(collect(&registrar, PROPERTY(1), PERCEPTION_EVENT_DID_SET, &batch), OBSERVERS);
  for (size_t i = 0; i < batch.count; i++) {
    // The "callback" of batch.observers[i]: cancel itself, register a
    // successor here and on another registrar, and collect again.
    test_observer *observer = batch.observers[i];
    CHECK(perception_table_cancel(table, observer->token) == observer);
    test_observer *successor = &second[observer->id];
    successor->token =
        perception_table_register(perception_registrar_table(&registrar), properties, 1,
                                  PERCEPTION_EVENT_DID_SET, successor);
    CHECK(successor->token != 0);
    CHECK(perception_table_register(perception_registrar_table(&other), properties, 1,
                                    PERCEPTION_EVENT_WILL_SET, observer) != 0);
    perception_observer_batch nested;
    perception_observer_batch_init(&nested);
    perception_registrar_collect(&registrar, PROPERTY(1), PERCEPTION_EVENT_DID_SET, retain_observer, &nested);
    CHECK_EQ(occurrences(&nested, successor), 1);
    CHECK_EQ(occurrences(&nested, observer), 0);
    perception_observer_batch_destroy(&nested);
  }
  CHECK_EQ(collect(&registrar, PROPERTY(1), PERCEPTION_EVENT_DID_SET, &batch), OBSERVERS);
  for (int i = 0; i < OBSERVERS; i++) {
    CHECK_EQ(occurrences(&batch, &second[i]), 1);
  }
  CHECK_EQ(collect(&registrar, PROPERTY(2), PERCEPTION_EVENT_DID_SET, &batch), 0);
  CHECK_EQ(collect(&other, PROPERTY(1), PERCEPTION_EVENT_WILL_SET, &batch), OBSERVERS);
  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, OBSERVERS);
  perception_observer_batch_destroy(&batch);
  destroy_registrar(&other, &batch);
  CHECK_EQ(batch.count, OBSERVERS);
  perception_observer_batch_destroy(&batch);
}

/// More observers of one property than the batch holds inline; then every
/// other one cancelled, which moves references around inside the bucket.
/// Past the small limit and back, many times: the token and property maps
/// switch between their small and hashed forms, with collect and cancel right
/// at every size.
static void test_small_and_large_tables(void) {
  enum { MOST = 40 };
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  perception_observer_table *table = perception_registrar_table(&registrar);
  test_observer observers[MOST];
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  for (int round = 0; round < 6 && !harness_test_failed(); round++) {
    // Grow one by one: observer i names PROPERTY(0) and its own PROPERTY(1 + i).
    for (int i = 0; i < MOST; i++) {
      observer_init(&observers[i], i);
      const void *properties[] = {PROPERTY(0), PROPERTY(1 + (uintptr_t)i)};
      observers[i].token =
          perception_table_register(table, properties, 2, PERCEPTION_EVENT_DID_SET, &observers[i]);
      CHECK_EQ(collect(&registrar, PROPERTY(0), PERCEPTION_EVENT_DID_SET, &batch), (size_t)i + 1);
      for (int j = 0; j <= i; j++) {
        CHECK_EQ(collect(&registrar, PROPERTY(1 + (uintptr_t)j), PERCEPTION_EVENT_DID_SET, &batch), 1);
        CHECK_EQ(occurrences(&batch, &observers[j]), 1);
      }
    }
    // Shrink one by one, from either end depending on the round.
    for (int k = 0; k < MOST; k++) {
      int i = round % 2 == 0 ? k : MOST - 1 - k;
      CHECK(perception_table_cancel(table, observers[i].token) == &observers[i]);
      CHECK(perception_table_cancel(table, observers[i].token) == NULL);
      CHECK_EQ(collect(&registrar, PROPERTY(0), PERCEPTION_EVENT_DID_SET, &batch), (size_t)(MOST - 1 - k));
      CHECK_EQ(occurrences(&batch, &observers[i]), 0);
      CHECK_EQ(collect(&registrar, PROPERTY(1 + (uintptr_t)i), PERCEPTION_EVENT_DID_SET, &batch), 0);
      for (int m = k + 1; m < MOST; m++) {
        int j = round % 2 == 0 ? m : MOST - 1 - m;
        CHECK_EQ(collect(&registrar, PROPERTY(1 + (uintptr_t)j), PERCEPTION_EVENT_DID_SET, &batch), 1);
        CHECK_EQ(occurrences(&batch, &observers[j]), 1);
      }
    }
    CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), 0);
  }
  // An empty table answers cancel without looking, and still works after.
  test_observer once;
  observer_init(&once, 99);
  const void *only[] = {PROPERTY(0)};
  once.token = perception_table_register(
      table, only, 1, PERCEPTION_EVENT_WILL_SET | PERCEPTION_REGISTRATION_ONCE, &once);
  CHECK_EQ(collect(&registrar, PROPERTY(0), PERCEPTION_EVENT_WILL_SET, &batch), 1);
  CHECK(perception_table_cancel(table, once.token) == NULL);
  once.token = perception_table_register(
      table, only, 1, PERCEPTION_EVENT_WILL_SET | PERCEPTION_REGISTRATION_ONCE, &once);
  CHECK(perception_table_cancel(table, once.token) == &once);
  CHECK(perception_table_cancel(table, once.token) == NULL);
  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, 0);
  perception_observer_batch_destroy(&batch);
}

static void test_collect_a_thousand_observers(void) {
  enum { OBSERVERS = 1000 };
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  perception_observer_table *table = perception_registrar_table(&registrar);
  test_observer *observers = malloc(OBSERVERS * sizeof(test_observer));
  for (int i = 0; i < OBSERVERS; i++) {
    observer_init(&observers[i], i);
    const void *properties[] = {PROPERTY(0), PROPERTY(1 + (uintptr_t)i)};
    observers[i].token = perception_table_register(table, properties, 2, PERCEPTION_EVENT_DID_SET, &observers[i]);
  }
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  CHECK_EQ(collect(&registrar, PROPERTY(0), PERCEPTION_EVENT_DID_SET, &batch), OBSERVERS);
  CHECK(batch.observers != batch.inline_observers);
  CHECK(batch.capacity >= OBSERVERS);
  size_t once = 0;
  for (int i = 0; i < OBSERVERS; i++) {
    once += atomic_load(&observers[i].retains) == 1;
  }
  CHECK_EQ(once, OBSERVERS);
  for (int i = 0; i < OBSERVERS; i += 2) {
    CHECK(perception_table_cancel(table, observers[i].token) == &observers[i]);
  }
  CHECK_EQ(collect(&registrar, PROPERTY(0), PERCEPTION_EVENT_DID_SET, &batch), OBSERVERS / 2);
  size_t right = 0;
  for (int i = 0; i < OBSERVERS; i++) {
    right += occurrences(&batch, &observers[i]) == (size_t)(i % 2);
  }
  CHECK_EQ(right, OBSERVERS);
  // Each remaining observer is still found through its own property.
  size_t own = 0;
  for (int i = 0; i < OBSERVERS; i++) {
    own += collect(&registrar, PROPERTY(1 + (uintptr_t)i), PERCEPTION_EVENT_DID_SET, &batch) == (size_t)(i % 2);
  }
  CHECK_EQ(own, OBSERVERS);
  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, OBSERVERS / 2);
  perception_observer_batch_destroy(&batch);
  free(observers);
}

/// Random registers and cancels, checked after every step against a model:
/// collect results per property and event, and the filters recomputed from
/// the live registrations. Some registrations are one-shot, so the checking
/// collects remove them too. The number of live registrations and properties
/// swings between a few and many, so both the small (linear) and the large
/// (hashed) forms of the table's maps are exercised, and the switches between
/// them in both directions.
static void test_random_operations_match_a_model(void) {
  enum { OBSERVERS = 64, PROPERTIES = 40, STEPS = 6000, MAX_PROPERTIES = 6, PHASE = 500 };
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  perception_observer_table *table = perception_registrar_table(&registrar);
  test_observer observers[OBSERVERS];
  bool live[OBSERVERS] = {false};
  uint32_t events[OBSERVERS] = {0};
  bool names[OBSERVERS][PROPERTIES];
  memset(names, 0, sizeof(names));
  for (int i = 0; i < OBSERVERS; i++) {
    observer_init(&observers[i], i);
  }
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  uint64_t random = 7;
  size_t live_count = 0;
  size_t most_live = 0;
  size_t least_live_after_most = OBSERVERS;
  for (int step = 0; step < STEPS && !harness_test_failed(); step++) {
    // Alternate phases: a few live registrations on a few properties, then
    // many on many.
    bool small_phase = (step / PHASE) % 2 == 0;
    size_t target = small_phase ? 3 : OBSERVERS;
    size_t property_range = small_phase ? 4 : PROPERTIES;
    int i = (int)(harness_random(&random) % OBSERVERS);
    bool want_register = live_count < target && (small_phase || harness_random(&random) % 4 != 0);
    if (live[i] && !want_register) {
      CHECK(perception_table_cancel(table, observers[i].token) == &observers[i]);
      live[i] = false;
      live_count--;
      memset(names[i], 0, sizeof(names[i]));
    } else if (!live[i] && want_register) {
      const void *properties[MAX_PROPERTIES];
      size_t count = (size_t)(harness_random(&random) % (MAX_PROPERTIES + 1));
      for (size_t k = 0; k < count; k++) {
        size_t p = (size_t)(harness_random(&random) % property_range);
        properties[k] = PROPERTY(p);
        names[i][p] = true;
      }
      events[i] = (uint32_t)(harness_random(&random) % 7) + 1;
      if (harness_random(&random) % 8 == 0) {
        events[i] |= PERCEPTION_REGISTRATION_ONCE;
      }
      observers[i].token = perception_table_register(table, properties, count, events[i], &observers[i]);
      CHECK(observers[i].token != 0);
      live[i] = true;
      live_count++;
    }
    if (live_count > most_live) {
      most_live = live_count;
      least_live_after_most = live_count;
    } else if (live_count < least_live_after_most) {
      least_live_after_most = live_count;
    }
    // Check every third step in the large phase, to keep the test quick.
    if (!small_phase && step % 3 != 0) {
      continue;
    }
    for (int p = 0; p < PROPERTIES; p++) {
      static const uint32_t kinds[] = {PERCEPTION_EVENT_WILL_SET, PERCEPTION_EVENT_DID_SET,
                                       PERCEPTION_EVENT_DEINIT};
      for (int k = 0; k < 3; k++) {
        size_t expected = 0;
        for (int j = 0; j < OBSERVERS; j++) {
          expected += live[j] && names[j][p] && (events[j] & kinds[k]);
        }
        CHECK_EQ(collect(&registrar, PROPERTY(p), kinds[k], &batch), expected);
        for (size_t b = 0; b < batch.count; b++) {
          test_observer *found = batch.observers[b];
          CHECK(live[found->id] && names[found->id][p] && (events[found->id] & kinds[k]));
          CHECK_EQ(occurrences(&batch, found), 1);
        }
        // Collected one-shot registrations are gone now.
        for (size_t b = 0; b < batch.count; b++) {
          test_observer *found = batch.observers[b];
          if (events[found->id] & PERCEPTION_REGISTRATION_ONCE) {
            CHECK(perception_table_cancel(table, found->token) == NULL);
            live[found->id] = false;
            live_count--;
            memset(names[found->id], 0, sizeof(names[found->id]));
          }
        }
      }
    }
    uint64_t will_set = 0;
    uint64_t did_set = 0;
    for (int j = 0; j < OBSERVERS; j++) {
      for (int p = 0; live[j] && p < PROPERTIES; p++) {
        if (names[j][p] && (events[j] & PERCEPTION_EVENT_WILL_SET)) {
          will_set |= perception_property_filter_bit(PROPERTY(p));
        }
        if (names[j][p] && (events[j] & PERCEPTION_EVENT_DID_SET)) {
          did_set |= perception_property_filter_bit(PROPERTY(p));
        }
      }
    }
    CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_WILL_SET), will_set);
    CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), did_set);
  }
  // Both regimes were reached, and the table shrank back after the large one.
  CHECK(most_live > 20);
  CHECK(least_live_after_most <= 3);
  destroy_registrar(&registrar, &batch);
  size_t remaining = 0;
  for (int i = 0; i < OBSERVERS; i++) {
    remaining += live[i];
    CHECK_EQ(occurrences(&batch, &observers[i]), live[i] ? 1 : 0);
  }
  CHECK_EQ(batch.count, remaining);
  CHECK_EQ(remaining, live_count);
  perception_observer_batch_destroy(&batch);
}

//===--- Threads ----------------------------------------------------------===//

#define RACE_THREADS 4

static perception_registrar race_registrar;
static perception_observer_table *race_tables[RACE_THREADS];

static void *get_table(void *argument) {
  *(perception_observer_table **)argument = perception_registrar_table(&race_registrar);
  return NULL;
}

/// Threads racing to create the table all get the one that was installed.
static void test_table_creation_race(void) {
  for (int round = 0; round < 50; round++) {
    perception_registrar_init(&race_registrar);
    harness_run_threads(RACE_THREADS, get_table, race_tables, sizeof(race_tables[0]));
    for (int i = 0; i < RACE_THREADS; i++) {
      CHECK(race_tables[i] == atomic_load(&race_registrar.table));
    }
    perception_observer_batch batch;
    perception_observer_batch_init(&batch);
    destroy_registrar(&race_registrar, &batch);
    perception_observer_batch_destroy(&batch);
  }
}

/// A didSet on another thread while a scope is in setup is logged, and the
/// scope's registration finds it for the property it read, and only that one.
typedef struct setup_writer {
  perception_registrar *registrar;
  const void *property;
} setup_writer;

static void *write_during_setup(void *argument) {
  setup_writer *writer = argument;
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  CHECK((perception_registrar_filter(writer->registrar, PERCEPTION_EVENT_DID_SET) &
         perception_did_set_word_bits(writer->property)) != 0);
  collect(writer->registrar, writer->property, PERCEPTION_EVENT_DID_SET, &batch);
  perception_observer_batch_destroy(&batch);
  return NULL;
}

static void test_writes_during_setup_are_found_by_the_registration(void) {
  const void *p, *q;
  two_properties_with_distinct_bits(&p, &q);
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  uint64_t mark = perception_registrar_begin_setup(&registrar);
  // Outside setup the didSet filter is 0; in setup every didSet takes the slow path.
  CHECK((perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET) & PERCEPTION_SETUP_MASK) != 0);
  setup_writer writer = {&registrar, p};
  harness_run_threads(1, write_during_setup, &writer, sizeof(writer));
  // This thread's own write is the scope's: never reported.
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  collect(&registrar, q, PERCEPTION_EVENT_DID_SET, &batch);
  perception_observer_table *table = perception_registrar_table(&registrar);
  test_observer a, b, c;
  observer_init(&a, 1);
  observer_init(&b, 2);
  observer_init(&c, 3);
  const void *only_p[] = {p};
  const void *only_q[] = {q};
  perception_setup_registration ra =
      perception_table_register_after_setup(table, only_p, 1, PERCEPTION_EVENT_WILL_SET, &a, mark);
  CHECK(ra.changed == p);
  perception_setup_registration rb =
      perception_table_register_after_setup(table, only_q, 1, PERCEPTION_EVENT_WILL_SET, &b, mark);
  CHECK(rb.changed == NULL);
  // A scope whose setup began after the write does not hear it.
  uint64_t later = perception_registrar_begin_setup(&registrar);
  CHECK(later > mark);
  perception_setup_registration rc =
      perception_table_register_after_setup(table, only_p, 1, PERCEPTION_EVENT_WILL_SET, &c, later);
  CHECK(rc.changed == NULL);
  perception_registrar_end_setup(&registrar);
  perception_registrar_end_setup(&registrar);
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), 0);
  CHECK(perception_table_cancel(table, ra.token) == &a);
  CHECK(perception_table_cancel(table, rb.token) == &b);
  CHECK(perception_table_cancel(table, rc.token) == &c);
  destroy_registrar(&registrar, &batch);
  perception_observer_batch_destroy(&batch);
}

typedef struct churn_thread {
  perception_registrar *registrar;
  int id;
  size_t found_self;
} churn_thread;

static void ignore_retain(void *observer) { (void)observer; }

static void *churn(void *argument) {
  churn_thread *thread = argument;
  perception_observer_table *table = perception_registrar_table(thread->registrar);
  test_observer self;
  observer_init(&self, thread->id);
  const void *properties[] = {PROPERTY(0), PROPERTY(1 + (uintptr_t)thread->id)};
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  for (int i = 0; i < 2000; i++) {
    perception_token token = perception_table_register(table, properties, 2, PERCEPTION_EVENT_DID_SET, &self);
    perception_observer_batch_destroy(&batch);
    perception_registrar_collect(thread->registrar, PROPERTY(1 + (uintptr_t)thread->id), PERCEPTION_EVENT_DID_SET,
                                 ignore_retain, &batch);
    thread->found_self += batch.count == 1 && batch.observers[0] == &self;
    perception_observer_batch_destroy(&batch);
    perception_registrar_collect(thread->registrar, PROPERTY(0), PERCEPTION_EVENT_DID_SET, ignore_retain, &batch);
    if (perception_table_cancel(table, token) != &self) {
      thread->found_self = 0;
      break;
    }
  }
  perception_observer_batch_destroy(&batch);
  return NULL;
}

/// Registers, collects and cancels from several threads on one table.
static void test_concurrent_register_collect_cancel(void) {
  perception_registrar registrar;
  perception_registrar_init(&registrar);
  churn_thread threads[RACE_THREADS];
  for (int i = 0; i < RACE_THREADS; i++) {
    threads[i].registrar = &registrar;
    threads[i].id = i;
    threads[i].found_self = 0;
  }
  harness_run_threads(RACE_THREADS, churn, threads, sizeof(churn_thread));
  for (int i = 0; i < RACE_THREADS; i++) {
    CHECK_EQ(threads[i].found_self, 2000);
  }
  CHECK_EQ(perception_registrar_filter(&registrar, PERCEPTION_EVENT_DID_SET), 0);
  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  destroy_registrar(&registrar, &batch);
  CHECK_EQ(batch.count, 0);
  perception_observer_batch_destroy(&batch);
}

void run_observer_table_tests(void) {
  RUN_TEST(test_empty_registrar);
  RUN_TEST(test_register_collect_cancel);
  RUN_TEST(test_stale_token_after_slot_reuse);
  RUN_TEST(test_tokens_that_name_nothing);
  RUN_TEST(test_tokens_never_repeat);
  RUN_TEST(test_filters_follow_registrations);
  RUN_TEST(test_once_registrations_leave_on_collect);
  RUN_TEST(test_many_and_repeated_properties);
  RUN_TEST(test_destroy_hands_back_every_observer);
  RUN_TEST(test_table_outlives_registrar);
  RUN_TEST(test_register_and_cancel_from_callbacks);
  RUN_TEST(test_small_and_large_tables);
  RUN_TEST(test_collect_a_thousand_observers);
  RUN_TEST(test_random_operations_match_a_model);
  RUN_THREADED_TEST(test_table_creation_race);
  RUN_THREADED_TEST(test_concurrent_register_collect_cancel);
  RUN_THREADED_TEST(test_writes_during_setup_are_found_by_the_registration);
}
