//===----------------------------------------------------------------------===//
//
// The access list: record results, dedupe, growth past the inline capacity,
// merge and group.
//
//===----------------------------------------------------------------------===//

#include "harness.h"

#include "CPerceptionRuntime.h"

#include <stdlib.h>
#include <string.h>

#define REGISTRAR(i) fake_pointer(1, (i))
#define PROPERTY(i) ((const void *)fake_pointer(2, (i)))

/// Recovers i from REGISTRAR(i) / PROPERTY(i).
static size_t fake_number(const void *pointer, uintptr_t tag) {
  return (size_t)((((uintptr_t)pointer) - ((tag + 1) << 26)) / 16 - 1);
}

/// Checks that the list holds exactly the pairs (REGISTRAR(r), PROPERTY(p))
/// with expected[r * properties + p], each once, and that its counts agree.
static void check_contents(const perception_access_list *list, const bool *expected, size_t registrars,
                           size_t properties) {
  bool *seen = calloc(registrars * properties, sizeof(bool));
  bool *registrar_seen = calloc(registrars, sizeof(bool));
  size_t expected_count = 0;
  size_t expected_registrars = 0;
  for (size_t r = 0; r < registrars; r++) {
    bool any = false;
    for (size_t p = 0; p < properties; p++) {
      if (expected[r * properties + p]) {
        expected_count++;
        any = true;
      }
    }
    expected_registrars += any;
  }
  CHECK_EQ(list->count, expected_count);
  CHECK_EQ(list->registrar_count, expected_registrars);
  size_t distinct = 0;
  for (size_t i = 0; i < list->count; i++) {
    size_t r = fake_number(list->registrars[i], 1);
    size_t p = fake_number(list->properties[i], 2);
    if (r >= registrars || p >= properties) {
      FAIL("a pair that was never recorded");
      continue;
    }
    CHECK(expected[r * properties + p]);
    CHECK(!seen[r * properties + p]);
    seen[r * properties + p] = true;
    if (!registrar_seen[r]) {
      registrar_seen[r] = true;
      distinct++;
    }
  }
  CHECK_EQ(distinct, expected_registrars);
  free(seen);
  free(registrar_seen);
}

/// Checks that the list is grouped: walking it with group_end visits each
/// registrar's pairs in one run, and no registrar in two runs.
static void check_grouped(const perception_access_list *list, size_t registrars) {
  bool *visited = calloc(registrars, sizeof(bool));
  size_t groups = 0;
  size_t start = 0;
  while (start < list->count) {
    size_t end = perception_access_list_group_end(list, start);
    CHECK(end > start);
    CHECK(end <= list->count);
    if (end <= start || end > list->count) {
      break;
    }
    for (size_t i = start; i < end; i++) {
      CHECK(list->registrars[i] == list->registrars[start]);
    }
    if (end < list->count) {
      CHECK(list->registrars[end] != list->registrars[start]);
    }
    size_t r = fake_number(list->registrars[start], 1);
    if (r < registrars) {
      CHECK(!visited[r]);
      visited[r] = true;
    }
    groups++;
    start = end;
  }
  CHECK_EQ(groups, list->registrar_count);
  free(visited);
}

static void test_record_results_and_dedupe(void) {
  perception_access_list list;
  perception_access_list_init(&list, NULL);
  CHECK_EQ(list.count, 0);
  CHECK_EQ(list.registrar_count, 0);
  CHECK(list.enclosing == NULL);

  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(0), PROPERTY(0)), PERCEPTION_ACCESS_NEW_REGISTRAR);
  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(0), PROPERTY(0)), PERCEPTION_ACCESS_DUPLICATE);
  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(0), PROPERTY(1)), PERCEPTION_ACCESS_NEW_PROPERTY);
  // Not the last pair: the slow path must find it.
  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(0), PROPERTY(0)), PERCEPTION_ACCESS_DUPLICATE);
  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(1), PROPERTY(0)), PERCEPTION_ACCESS_NEW_REGISTRAR);
  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(0), PROPERTY(1)), PERCEPTION_ACCESS_DUPLICATE);
  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(1), PROPERTY(1)), PERCEPTION_ACCESS_NEW_PROPERTY);
  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(1), PROPERTY(0)), PERCEPTION_ACCESS_DUPLICATE);
  CHECK_EQ(list.count, 4);
  CHECK_EQ(list.registrar_count, 2);
  // Recorded in order.
  CHECK(list.registrars[0] == REGISTRAR(0) && list.properties[0] == PROPERTY(0));
  CHECK(list.registrars[1] == REGISTRAR(0) && list.properties[1] == PROPERTY(1));
  CHECK(list.registrars[2] == REGISTRAR(1) && list.properties[2] == PROPERTY(0));
  CHECK(list.registrars[3] == REGISTRAR(1) && list.properties[3] == PROPERTY(1));
  // Still inline: nothing allocated.
  CHECK(list.registrars == list.inline_registrars);
  CHECK(list.index == NULL);
  perception_access_list_destroy(&list);
}

static void test_init_keeps_enclosing(void) {
  perception_access_list outer;
  perception_access_list inner;
  perception_access_list_init(&outer, NULL);
  perception_access_list_init(&inner, &outer);
  CHECK(inner.enclosing == &outer);
  perception_access_list_destroy(&inner);
  perception_access_list_destroy(&outer);
}

/// Crossing the inline capacity one pair at a time, with a duplicate check
/// of every earlier pair after each step.
static void test_crossing_the_inline_capacity(void) {
  enum { REGISTRARS = 3, PROPERTIES = 12 };
  perception_access_list list;
  perception_access_list_init(&list, NULL);
  bool expected[REGISTRARS * PROPERTIES] = {false};
  for (size_t p = 0; p < PROPERTIES; p++) {
    for (size_t r = 0; r < REGISTRARS; r++) {
      perception_access_result result = perception_access_list_record(&list, REGISTRAR(r), PROPERTY(p));
      CHECK_EQ(result, p == 0 ? PERCEPTION_ACCESS_NEW_REGISTRAR : PERCEPTION_ACCESS_NEW_PROPERTY);
      expected[r * PROPERTIES + p] = true;
      for (size_t q = 0; q <= p; q++) {
        for (size_t s = 0; s < REGISTRARS; s++) {
          if (expected[s * PROPERTIES + q]) {
            CHECK_EQ(perception_access_list_record(&list, REGISTRAR(s), PROPERTY(q)),
                     PERCEPTION_ACCESS_DUPLICATE);
          }
        }
      }
    }
  }
  CHECK(list.registrars != list.inline_registrars);
  CHECK(list.index != NULL);
  check_contents(&list, expected, REGISTRARS, PROPERTIES);
  perception_access_list_destroy(&list);
}

/// 10000 pairs over 100 registrars, recorded registrar-interleaved, then all
/// again as duplicates.
static void test_growth_to_ten_thousand_pairs(void) {
  enum { REGISTRARS = 100, PROPERTIES = 100 };
  perception_access_list list;
  perception_access_list_init(&list, NULL);
  size_t new_registrars = 0;
  size_t new_properties = 0;
  for (size_t p = 0; p < PROPERTIES; p++) {
    for (size_t r = 0; r < REGISTRARS; r++) {
      perception_access_result result = perception_access_list_record(&list, REGISTRAR(r), PROPERTY(p));
      if (result == PERCEPTION_ACCESS_NEW_REGISTRAR) {
        new_registrars++;
        CHECK_EQ(p, 0);
      } else if (result == PERCEPTION_ACCESS_NEW_PROPERTY) {
        new_properties++;
        CHECK(p != 0);
      } else {
        FAIL("a new pair was reported as a duplicate");
      }
    }
  }
  CHECK_EQ(new_registrars, REGISTRARS);
  CHECK_EQ(new_properties, REGISTRARS * (PROPERTIES - 1));
  CHECK_EQ(list.count, REGISTRARS * PROPERTIES);
  CHECK_EQ(list.registrar_count, REGISTRARS);
  CHECK(list.capacity >= list.count);
  // Every pair again, in another order: all duplicates.
  size_t duplicates = 0;
  for (size_t r = REGISTRARS; r-- > 0;) {
    for (size_t p = 0; p < PROPERTIES; p++) {
      duplicates +=
          perception_access_list_record(&list, REGISTRAR(r), PROPERTY(p)) == PERCEPTION_ACCESS_DUPLICATE;
    }
  }
  CHECK_EQ(duplicates, REGISTRARS * PROPERTIES);
  CHECK_EQ(list.count, REGISTRARS * PROPERTIES);
  // In recording order.
  size_t in_order = 0;
  for (size_t i = 0; i < list.count; i++) {
    in_order += list.registrars[i] == REGISTRAR(i % REGISTRARS) && list.properties[i] == PROPERTY(i / REGISTRARS);
  }
  CHECK_EQ(in_order, list.count);
  perception_access_list_destroy(&list);
  CHECK_EQ(list.count, 0);
  CHECK(list.index == NULL);
}

/// One registrar with 20000 properties, and 20000 registrars with one each.
static void test_growth_extremes(void) {
  enum { N = 20000 };
  perception_access_list list;
  perception_access_list_init(&list, NULL);
  for (size_t p = 0; p < N; p++) {
    CHECK_EQ(perception_access_list_record(&list, REGISTRAR(0), PROPERTY(p)),
             p == 0 ? PERCEPTION_ACCESS_NEW_REGISTRAR : PERCEPTION_ACCESS_NEW_PROPERTY);
  }
  CHECK_EQ(list.registrar_count, 1);
  for (size_t r = 1; r <= N; r++) {
    CHECK_EQ(perception_access_list_record(&list, REGISTRAR(r), PROPERTY(0)), PERCEPTION_ACCESS_NEW_REGISTRAR);
  }
  CHECK_EQ(list.count, 2 * N);
  CHECK_EQ(list.registrar_count, N + 1);
  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(N), PROPERTY(1)), PERCEPTION_ACCESS_NEW_PROPERTY);
  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(0), PROPERTY(N - 1)), PERCEPTION_ACCESS_DUPLICATE);
  perception_access_list_destroy(&list);
}

static void test_group_small(void) {
  perception_access_list list;
  perception_access_list_init(&list, NULL);
  // r0p0 r1p0 r0p1 r2p0 r1p1 r0p2 (six pairs, inline)
  perception_access_list_record(&list, REGISTRAR(0), PROPERTY(0));
  perception_access_list_record(&list, REGISTRAR(1), PROPERTY(0));
  perception_access_list_record(&list, REGISTRAR(0), PROPERTY(1));
  perception_access_list_record(&list, REGISTRAR(2), PROPERTY(0));
  perception_access_list_record(&list, REGISTRAR(1), PROPERTY(1));
  perception_access_list_record(&list, REGISTRAR(0), PROPERTY(2));
  CHECK(!list.grouped);
  perception_access_list_group(&list);
  CHECK(list.grouped);
  bool expected[3 * 3] = {true, true, true, true, true, false, true, false, false};
  check_contents(&list, expected, 3, 3);
  check_grouped(&list, 3);
  // Stable, in order of first appearance.
  CHECK(list.registrars[0] == REGISTRAR(0) && list.properties[0] == PROPERTY(0));
  CHECK(list.properties[1] == PROPERTY(1) && list.properties[2] == PROPERTY(2));
  CHECK(list.registrars[3] == REGISTRAR(1) && list.properties[3] == PROPERTY(0));
  CHECK(list.registrars[4] == REGISTRAR(1) && list.properties[4] == PROPERTY(1));
  CHECK(list.registrars[5] == REGISTRAR(2));
  CHECK_EQ(perception_access_list_group_end(&list, 0), 3);
  CHECK_EQ(perception_access_list_group_end(&list, 1), 3);
  CHECK_EQ(perception_access_list_group_end(&list, 3), 5);
  CHECK_EQ(perception_access_list_group_end(&list, 5), 6);
  // Recording after grouping: duplicates are still found, a new pair of an
  // earlier registrar ungroups, and grouping again regroups.
  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(1), PROPERTY(0)), PERCEPTION_ACCESS_DUPLICATE);
  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(0), PROPERTY(3)), PERCEPTION_ACCESS_NEW_PROPERTY);
  CHECK(!list.grouped);
  perception_access_list_group(&list);
  check_grouped(&list, 3);
  CHECK_EQ(perception_access_list_group_end(&list, 0), 4);
  // A new registrar, or the last registrar's new property, keeps it grouped.
  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(3), PROPERTY(0)), PERCEPTION_ACCESS_NEW_REGISTRAR);
  CHECK(list.grouped);
  CHECK_EQ(perception_access_list_record(&list, REGISTRAR(3), PROPERTY(1)), PERCEPTION_ACCESS_NEW_PROPERTY);
  CHECK(list.grouped);
  check_grouped(&list, 4);
  CHECK_EQ(perception_access_list_group_end(&list, 7), 9);
  perception_access_list_destroy(&list);
}

static void test_group_trivial_lists(void) {
  perception_access_list list;
  perception_access_list_init(&list, NULL);
  perception_access_list_group(&list);  // empty
  CHECK_EQ(list.count, 0);
  perception_access_list_record(&list, REGISTRAR(0), PROPERTY(0));
  perception_access_list_group(&list);
  CHECK_EQ(perception_access_list_group_end(&list, 0), 1);
  // One registrar only.
  for (size_t p = 1; p < 30; p++) {
    perception_access_list_record(&list, REGISTRAR(0), PROPERTY(p));
  }
  perception_access_list_group(&list);
  CHECK_EQ(perception_access_list_group_end(&list, 0), 30);
  perception_access_list_destroy(&list);
}

/// A large list recorded in a shuffled order, grouped, then checked; then
/// recorded into again and regrouped.
static void test_group_large(void) {
  enum { REGISTRARS = 50, PROPERTIES = 200 };
  perception_access_list list;
  perception_access_list_init(&list, NULL);
  bool *expected = calloc(REGISTRARS * PROPERTIES, sizeof(bool));
  uint64_t random = 42;
  for (size_t n = 0; n < 6000; n++) {
    size_t r = (size_t)(harness_random(&random) % REGISTRARS);
    size_t p = (size_t)(harness_random(&random) % PROPERTIES);
    perception_access_result result = perception_access_list_record(&list, REGISTRAR(r), PROPERTY(p));
    if (expected[r * PROPERTIES + p]) {
      CHECK_EQ(result, PERCEPTION_ACCESS_DUPLICATE);
    } else {
      bool registrar_known = false;
      for (size_t q = 0; q < PROPERTIES; q++) {
        registrar_known |= expected[r * PROPERTIES + q];
      }
      CHECK_EQ(result, registrar_known ? PERCEPTION_ACCESS_NEW_PROPERTY : PERCEPTION_ACCESS_NEW_REGISTRAR);
      expected[r * PROPERTIES + p] = true;
    }
  }
  check_contents(&list, expected, REGISTRARS, PROPERTIES);
  perception_access_list_group(&list);
  check_contents(&list, expected, REGISTRARS, PROPERTIES);
  check_grouped(&list, REGISTRARS);
  // The index still answers after the pairs moved.
  size_t duplicates = 0;
  for (size_t r = 0; r < REGISTRARS; r++) {
    for (size_t p = 0; p < PROPERTIES; p++) {
      if (expected[r * PROPERTIES + p]) {
        duplicates += perception_access_list_record(&list, REGISTRAR(r), PROPERTY(p)) ==
                      PERCEPTION_ACCESS_DUPLICATE;
      }
    }
  }
  CHECK_EQ(duplicates, list.count);
  CHECK(list.grouped);
  // New pairs for every registrar, then regroup.
  for (size_t r = 0; r < REGISTRARS; r++) {
    for (size_t p = 0; p < PROPERTIES; p++) {
      if (!expected[r * PROPERTIES + p]) {
        CHECK_EQ(perception_access_list_record(&list, REGISTRAR(r), PROPERTY(p)),
                 PERCEPTION_ACCESS_NEW_PROPERTY);
        expected[r * PROPERTIES + p] = true;
        break;
      }
    }
  }
  perception_access_list_group(&list);
  check_contents(&list, expected, REGISTRARS, PROPERTIES);
  check_grouped(&list, REGISTRARS);
  free(expected);
  perception_access_list_destroy(&list);
}

//===--- Merge ------------------------------------------------------------===//

static size_t release_count;
static void *released[64];

static void count_release(void *registrar) {
  if (release_count < 64) {
    released[release_count] = registrar;
  }
  release_count++;
}

static bool was_released(void *registrar) {
  for (size_t i = 0; i < release_count && i < 64; i++) {
    if (released[i] == registrar) {
      return true;
    }
  }
  return false;
}

static void test_merge_small(void) {
  perception_access_list outer;
  perception_access_list inner;
  perception_access_list_init(&outer, NULL);
  perception_access_list_init(&inner, &outer);
  perception_access_list_record(&outer, REGISTRAR(1), PROPERTY(1));
  perception_access_list_record(&outer, REGISTRAR(1), PROPERTY(2));
  perception_access_list_record(&outer, REGISTRAR(2), PROPERTY(1));

  perception_access_list_record(&inner, REGISTRAR(2), PROPERTY(1));  // duplicate in outer
  perception_access_list_record(&inner, REGISTRAR(2), PROPERTY(3));
  perception_access_list_record(&inner, REGISTRAR(3), PROPERTY(1));  // new registrar
  perception_access_list_record(&inner, REGISTRAR(1), PROPERTY(4));
  perception_access_list_record(&inner, REGISTRAR(3), PROPERTY(2));

  release_count = 0;
  perception_access_list_merge(&outer, &inner, count_release);
  // Registrars 1 and 2 were already in outer: inner's references to them are
  // redundant, once each. Registrar 3's reference moved to outer.
  CHECK_EQ(release_count, 2);
  CHECK(was_released(REGISTRAR(1)));
  CHECK(was_released(REGISTRAR(2)));
  CHECK(!was_released(REGISTRAR(3)));
  bool expected[4 * 5] = {false};
  expected[1 * 5 + 1] = expected[1 * 5 + 2] = expected[2 * 5 + 1] = true;
  expected[2 * 5 + 3] = expected[3 * 5 + 1] = expected[1 * 5 + 4] = expected[3 * 5 + 2] = true;
  check_contents(&outer, expected, 4, 5);
  CHECK_EQ(outer.count, 7);
  CHECK_EQ(outer.registrar_count, 3);
  CHECK_EQ(inner.count, 0);
  CHECK_EQ(inner.registrar_count, 0);
  CHECK(inner.enclosing == &outer);
  // The emptied inner list is usable again.
  CHECK_EQ(perception_access_list_record(&inner, REGISTRAR(1), PROPERTY(1)), PERCEPTION_ACCESS_NEW_REGISTRAR);
  perception_access_list_destroy(&inner);
  perception_access_list_destroy(&outer);
}

static void test_merge_into_empty_and_from_empty(void) {
  perception_access_list outer;
  perception_access_list inner;
  perception_access_list_init(&outer, NULL);
  perception_access_list_init(&inner, &outer);
  perception_access_list_record(&inner, REGISTRAR(0), PROPERTY(0));
  perception_access_list_record(&inner, REGISTRAR(1), PROPERTY(0));
  release_count = 0;
  perception_access_list_merge(&outer, &inner, count_release);
  CHECK_EQ(release_count, 0);
  CHECK_EQ(outer.count, 2);
  CHECK_EQ(outer.registrar_count, 2);
  CHECK_EQ(inner.count, 0);
  perception_access_list_merge(&outer, &inner, count_release);
  CHECK_EQ(release_count, 0);
  CHECK_EQ(outer.count, 2);
  perception_access_list_destroy(&inner);
  perception_access_list_destroy(&outer);
}

/// A merge keeps the lower setup mark, and a list with none takes the other's.
static void test_merge_keeps_the_lower_setup_mark(void) {
  perception_access_list outer;
  perception_access_list inner;
  perception_access_list_init(&outer, NULL);
  perception_access_list_init(&inner, &outer);
  CHECK_EQ(outer.setup_mark, 0);
  perception_access_list_record(&inner, REGISTRAR(0), PROPERTY(0));
  inner.setup_mark = 7;
  perception_access_list_merge(&outer, &inner, count_release);
  CHECK_EQ(outer.setup_mark, 7);
  CHECK_EQ(inner.setup_mark, 0);
  perception_access_list_record(&inner, REGISTRAR(1), PROPERTY(0));
  inner.setup_mark = 5;
  perception_access_list_merge(&outer, &inner, count_release);
  CHECK_EQ(outer.setup_mark, 5);
  perception_access_list_record(&inner, REGISTRAR(2), PROPERTY(0));
  inner.setup_mark = 9;
  perception_access_list_merge(&outer, &inner, count_release);
  CHECK_EQ(outer.setup_mark, 5);
  // An inner list that read nothing leaves the mark alone.
  perception_access_list_merge(&outer, &inner, count_release);
  CHECK_EQ(outer.setup_mark, 5);
  perception_access_list_destroy(&inner);
  perception_access_list_destroy(&outer);
}

static size_t large_release_count;
static unsigned char large_released[1000];

static void count_large_release(void *registrar) {
  large_release_count++;
  size_t r = fake_number(registrar, 1);
  if (r < 1000) {
    large_released[r]++;
  }
}

/// Both lists past the inline capacity: 1000 registrars in inner, of which
/// outer already holds every third.
static void test_merge_large(void) {
  enum { REGISTRARS = 1000, PROPERTIES = 12 };
  perception_access_list outer;
  perception_access_list inner;
  perception_access_list_init(&outer, NULL);
  perception_access_list_init(&inner, &outer);
  bool *expected = calloc(REGISTRARS * PROPERTIES, sizeof(bool));
  for (size_t r = 0; r < REGISTRARS; r += 3) {
    for (size_t p = 0; p < PROPERTIES; p += 2) {
      perception_access_list_record(&outer, REGISTRAR(r), PROPERTY(p));
      expected[r * PROPERTIES + p] = true;
    }
  }
  for (size_t p = 0; p < PROPERTIES; p++) {
    for (size_t r = 0; r < REGISTRARS; r++) {
      if ((r + p) % 4 != 0) {
        perception_access_list_record(&inner, REGISTRAR(r), PROPERTY(p));
        expected[r * PROPERTIES + p] = true;
      }
    }
  }
  size_t registrars_in_both = 0;
  for (size_t r = 0; r < REGISTRARS; r += 3) {
    registrars_in_both++;
  }
  CHECK_EQ(inner.registrar_count, REGISTRARS);
  large_release_count = 0;
  memset(large_released, 0, sizeof(large_released));
  perception_access_list_merge(&outer, &inner, count_large_release);
  CHECK_EQ(large_release_count, registrars_in_both);
  size_t wrong = 0;
  for (size_t r = 0; r < REGISTRARS; r++) {
    wrong += large_released[r] != (r % 3 == 0 ? 1 : 0);
  }
  CHECK_EQ(wrong, 0);
  check_contents(&outer, expected, REGISTRARS, PROPERTIES);
  CHECK_EQ(outer.registrar_count, REGISTRARS);
  CHECK_EQ(inner.count, 0);
  CHECK_EQ(inner.registrar_count, 0);
  perception_access_list_group(&outer);
  check_grouped(&outer, REGISTRARS);
  free(expected);
  perception_access_list_destroy(&inner);
  perception_access_list_destroy(&outer);
}

void run_access_list_tests(void) {
  RUN_TEST(test_record_results_and_dedupe);
  RUN_TEST(test_init_keeps_enclosing);
  RUN_TEST(test_crossing_the_inline_capacity);
  RUN_TEST(test_growth_to_ten_thousand_pairs);
  RUN_TEST(test_growth_extremes);
  RUN_TEST(test_group_small);
  RUN_TEST(test_group_trivial_lists);
  RUN_TEST(test_group_large);
  RUN_TEST(test_merge_small);
  RUN_TEST(test_merge_into_empty_and_from_empty);
  RUN_TEST(test_merge_keeps_the_lower_setup_mark);
  RUN_TEST(test_merge_large);
}
