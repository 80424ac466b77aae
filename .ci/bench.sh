#!/bin/sh
# The benchmark's CI guards, all in instructions, counted with callgrind, which gives the same
# count whatever else the machine runs: a timing guard fails on noise. First
# `count-instructions.sh --budget`: Perception on its runtime at its fraction of `@Observable`
# and Perception on the native engine within 1.10 of it (issues 14 and 21), case by case. Then
# `count-instructions.sh --checking`: perception checking's budget (issue 8), in a build that
# keeps checking.
#
# Then the figures, timed, which guard nothing: the quick run of both engines side by side with
# native (the binary measures Perception on its runtime, then runs itself again with
# PERCEPTION_ENGINE=native for Perception on the native engine), and the change trace's figures
# beside tracing off on both engines. They still fail the run where an engine skips the work a
# case expects (the callbacks and elements each side must deliver, one trace per traced cycle).
#
# The benchmark is a package of its own (Benchmarks/Package.swift), built with warnings as
# errors: .ci/test.sh and .ci/matrix.sh build the library's package only.
# count-instructions.sh builds with the same flags, so the runs below reuse its builds.
set -eu
cd "$(dirname "$0")/.."
json="$(mktemp "${TMPDIR:-/tmp}/perception-bench.XXXXXX.json")"
status=0
Benchmarks/count-instructions.sh --budget || status=$?
echo
Benchmarks/count-instructions.sh --checking || status=$?
echo
swift run --package-path Benchmarks -c release -Xswiftc -warnings-as-errors \
  perception-bench --quick --json "$json" || status=$?
echo "JSON figures: $json"

# The change trace's figures beside tracing off (issue 20), in the build that keeps checking: no
# budget, but the run stops if a traced cycle did not make exactly one trace.
for engine in perception native; do
  echo
  swift run --package-path Benchmarks -c release -Xswiftc -warnings-as-errors \
    -Xswiftc -DDEBUG --scratch-path .build-checking \
    perception-bench --tracing --quick --engine "$engine" || status=$?
done
exit "$status"
