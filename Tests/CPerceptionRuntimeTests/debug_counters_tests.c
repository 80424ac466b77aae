//===----------------------------------------------------------------------===//
//
// The debug counters: tables and registrations are counted from creation to
// their end in debug builds, and nothing is counted in release builds.
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include "CPerceptionRuntime.h"

#define PROPERTY(i) ((const void *)fake_pointer(9, (i)))
#define OBSERVER(i) fake_pointer(10, (i))

static intptr_t tables(void) { return perception_debug_counter_value(PERCEPTION_DEBUG_TABLES); }

static intptr_t registrations(void) {
  return perception_debug_counter_value(PERCEPTION_DEBUG_REGISTRATIONS);
}

/// Every way a registration ends, and a table outliving its registrar: the counts come back to
/// where they started (in a release build, they never leave 0).
static void test_counts_follow_tables_and_registrations(void) {
  intptr_t step = perception_debug_counters_enabled() ? 1 : 0;
  intptr_t tables_before = tables();
  intptr_t registrations_before = registrations();

  perception_registrar registrar;
  perception_registrar_init(&registrar);
  perception_observer_table *table = perception_registrar_table(&registrar);
  CHECK_EQ(tables(), tables_before + step);

  const void *properties[] = {PROPERTY(0), PROPERTY(1)};
  perception_token cancelled = perception_table_register(table, properties, 2, PERCEPTION_EVENT_WILL_SET, OBSERVER(0));
  perception_token once = perception_table_register(
      table, properties, 1, PERCEPTION_EVENT_WILL_SET | PERCEPTION_REGISTRATION_ONCE, OBSERVER(1));
  perception_table_register(table, properties + 1, 1, PERCEPTION_EVENT_DID_SET, OBSERVER(2));
  CHECK(cancelled != 0 && once != 0);
  CHECK_EQ(registrations(), registrations_before + 3 * step);

  CHECK(perception_table_cancel(table, cancelled) == OBSERVER(0));
  CHECK(perception_table_cancel(table, cancelled) == NULL);
  CHECK_EQ(registrations(), registrations_before + 2 * step);

  perception_observer_batch batch;
  perception_observer_batch_init(&batch);
  CHECK_EQ(perception_registrar_collect(&registrar, PROPERTY(0), PERCEPTION_EVENT_WILL_SET, NULL, &batch), 1);
  CHECK_EQ(registrations(), registrations_before + step);

  perception_table_retain(table);
  perception_observer_batch_destroy(&batch);
  perception_registrar_destroy(&registrar, &batch);
  CHECK_EQ(batch.count, 1);
  CHECK_EQ(registrations(), registrations_before);
  // An observer's reference keeps the dead table alive.
  CHECK_EQ(tables(), tables_before + step);
  perception_table_release(table);
  CHECK_EQ(tables(), tables_before);
  perception_observer_batch_destroy(&batch);
}

static void test_release_builds_count_nothing(void) {
  if (perception_debug_counters_enabled()) {
    return;
  }
  CHECK_EQ(tables(), 0);
  CHECK_EQ(registrations(), 0);
  CHECK_EQ(perception_debug_counter_value(PERCEPTION_DEBUG_OBSERVERS), 0);
}

void run_debug_counters_tests(void) {
  RUN_TEST(test_counts_follow_tables_and_registrations);
  RUN_TEST(test_release_builds_count_nothing);
}
