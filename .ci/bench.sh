#!/bin/sh
# The benchmark's CI guard: a quick run that fails if Perception is more than 25% slower than
# native Observation on any guarded case, or if either engine skips the work a case expects.
set -eu
cd "$(dirname "$0")/.."
json="$(mktemp "${TMPDIR:-/tmp}/perception-bench.XXXXXX.json")"
status=0
swift run -c release perception-bench --quick --json "$json" || status=$?
echo "JSON figures: $json"
exit "$status"
