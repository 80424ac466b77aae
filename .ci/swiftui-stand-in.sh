#!/usr/bin/env bash
# Checks that the SwiftUI and Charts stand-ins stay in the tests: no product contains them,
# and nothing compiled into the Perception and PerceptionCore modules refers to them, while
# the test target that compiles Sources/PerceptionCore/SwiftUI against them does. Run after
# `swift build --build-tests` (the debug build).
set -euo pipefail
cd "$(dirname "$0")/.."

swift package dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
for product in package["products"]:
    leaked = {"SwiftUI", "Charts"} & set(product["targets"])
    if leaked:
        sys.exit("product %s contains the stand-in %s" % (product["name"], sorted(leaked)))
print("no product contains a stand-in")
'

# Swift mangles a module named SwiftUI as `7SwiftUI`, Charts as `6Charts`. (Counted rather
# than `grep -q`, whose early exit would fail the pipeline under pipefail.)
references() { nm "$1".build/*.o | grep -cE '7SwiftUI|6Charts' || true; }
for module in Perception PerceptionCore; do
  if [ "$(references .build/debug/$module)" -ne 0 ]; then
    echo "error: $module's objects refer to the SwiftUI or Charts stand-in" >&2
    exit 1
  fi
done
echo "Perception and PerceptionCore refer to no stand-in"

# And the check itself can see a reference where there is one.
if [ "$(references .build/debug/PerceptionSwiftUITests)" -eq 0 ]; then
  echo "error: the SwiftUI tests' objects do not refer to the stand-in; this check is blind" >&2
  exit 1
fi
