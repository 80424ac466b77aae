#!/usr/bin/env bash
# Apple's Observations scenarios in the StdlibUnittest-shaped harness (Tests/ObservationsHarness),
# each run RUNS times (default 20) per engine against Observations and Perceptions, one child
# process per run. Fails on any run where Observations passes and Perceptions fails, hangs, or
# (for a scenario whose native elements were the same in every run) gives other elements.
# Scheduling differences show up one run in many: `RUNS=1000 bash .ci/observations-harness.sh`
# is the long form.
set -euo pipefail
cd "$(dirname "$0")/.."
# Warnings are errors, as in the build .ci/test.sh makes (Package.swift).
export PERCEPTION_WARNINGS_AS_ERRORS=1

runs=${RUNS:-20}
swift build --product ObservationsHarness
harness="$(swift build --show-bin-path)/ObservationsHarness"

passed=0
failed=0
# Prints the run's output on one line, or "hung".
run() { timeout 10 "$harness" "$@" | tr '\n' ' ' || true; }

for engine in perception native; do
  export PERCEPTION_ENGINE=$engine
  for scenario in $("$harness" --list); do
    native_outcomes=()
    perception_outcomes=()
    for _ in $(seq "$runs"); do
      native=$(run "$scenario" Observations)
      perception=$(run "$scenario" Perceptions)
      native_outcomes+=("$native")
      perception_outcomes+=("$perception")
      if [[ $native == *" passed "* && $perception != *" passed "* ]]; then
        echo "FAIL ($engine) $scenario: Observations: ${native:-hung} / Perceptions: ${perception:-hung}"
        failed=$((failed + 1))
      else
        passed=$((passed + 1))
      fi
    done
    distinct_native=$(printf '%s\n' "${native_outcomes[@]}" | sort -u)
    if [ "$(printf '%s\n' "$distinct_native" | wc -l)" -eq 1 ] && [[ $distinct_native == *" passed "* ]]; then
      for perception in "${perception_outcomes[@]}"; do
        if [ "$perception" != "$distinct_native" ]; then
          echo "FAIL ($engine) $scenario: Observations always gave: $distinct_native / Perceptions: ${perception:-hung}"
          failed=$((failed + 1))
        fi
      done
    fi
    echo "($engine) $scenario, $runs runs each:"
    printf '%s\n' "${native_outcomes[@]}" | sort | uniq -c | sed 's/^/  Observations /'
    printf '%s\n' "${perception_outcomes[@]}" | sort | uniq -c | sed 's/^/  Perceptions  /'
  done
done
echo "observations harness: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
