#!/bin/sh
# The benchmark's CI guards. First the native engine's budget in instructions (issues 14 and
# 21: Perception on the native engine at most 1.10 of plain @Observable), counted with
# callgrind, which gives the same count whatever else the machine runs. Then a quick timed run
# of both engines (the binary measures Perception on its runtime, then runs itself again with
# PERCEPTION_ENGINE=native for Perception on the native engine). It fails if Perception on its
# runtime is more than 25% slower than native Observation on a guarded case, if Perception on
# the native engine is more than 25% slower than plain @Observable on a read, a write or a `+=`
# (a lock or contention, which instructions do not show), or if either engine skips the work a
# case expects. A timed breach fails only if a second, twice-as-long measurement confirms it. The growth
# cases run here at their small sizes only (the cycle over 1 and 10 properties and 10 objects,
# guarded like the others); the large sizes are in the full run. The async cases (Perceptions
# throughput, continuous tracking) are not guarded, as thread wake-ups dominate them, but their
# checks (the elements and changes each side must deliver) apply. Then perception checking's
# budget, and the change trace's figures, on both engines, in a build that keeps checking.
#
# The benchmark is a package of its own (Benchmarks/Package.swift), built with warnings as
# errors: .ci/test.sh and .ci/matrix.sh build the library's package only.
# count-instructions.sh builds with the same flags, so the timed run below reuses its build.
set -eu
cd "$(dirname "$0")/.."
json="$(mktemp "${TMPDIR:-/tmp}/perception-bench.XXXXXX.json")"
status=0
Benchmarks/count-instructions.sh --budget || status=$?
echo
swift run --package-path Benchmarks -c release -Xswiftc -warnings-as-errors \
  perception-bench --quick --json "$json" || status=$?
echo "JSON figures: $json"

# Perception checking's budget (issue 8), in a release build that keeps checking: a plain
# release build compiles it out. Its own scratch path, so the two builds do not rebuild each
# other.
for engine in perception native; do
  echo
  swift run --package-path Benchmarks -c release -Xswiftc -DDEBUG --scratch-path .build-checking \
    perception-bench --checking --quick --engine "$engine" || status=$?
done
# The change trace's figures beside tracing off (issue 20), in the same build: no budget, but
# the run stops if a traced cycle did not make exactly one trace.
for engine in perception native; do
  echo
  swift run --package-path Benchmarks -c release -Xswiftc -DDEBUG --scratch-path .build-checking \
    perception-bench --tracing --quick --engine "$engine" || status=$?
done
exit "$status"
