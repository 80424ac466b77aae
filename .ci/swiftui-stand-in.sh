#!/usr/bin/env bash
# Checks that the SwiftUI and Charts stand-ins stay in the tests: no product contains them,
# and nothing compiled into the Perception and PerceptionCore modules refers to them, while
# the test target that compiles Sources/PerceptionCore/SwiftUI against them does; then compiles
# those files a second time against the stand-in where `@State` is Xcode 27's macro, and checks
# that this second compile rejects what only the property wrapper allows. Run after
# `swift build --build-tests` (the debug build).
set -euo pipefail
cd "$(dirname "$0")/.."

swift package dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
for product in package["products"]:
    leaked = {"SwiftUI", "Charts", "SwiftUIStateMacro"} & set(product["targets"])
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

# The shells again, against Xcode 27's SwiftUI, where `@State` is a macro (Apple's "State()";
# TN3211): the stand-in built with PERCEPTION_STATE_MACRO declares the test-only macro of
# Tests/SwiftUIStateMacro, built by the debug build above. A shell that compiles only with the
# property wrapper (an initializer assigning a state's storage) fails here.
source .ci/second-compile.sh
out=.build/state-macro
second_compile_setup "$out"
plugin="$bin/SwiftUIStateMacro-tool#SwiftUIStateMacro"
# And Perception's, which `@WithPerceptionTracking` (declared among the shells) names.
perception_plugin="$bin/PerceptionMacros-tool#PerceptionMacros"
swiftc_flags=(-swift-version 6 -warnings-as-errors -parse-as-library -package-name "$package_name"
  -load-plugin-executable "$plugin" -load-plugin-executable "$perception_plugin")
swiftc "${swiftc_flags[@]}" -emit-module -module-name SwiftUI -D PERCEPTION_STATE_MACRO \
  -emit-module-path "$out/SwiftUI.swiftmodule" Tests/SwiftUIStandIn/*.swift
swiftc "${swiftc_flags[@]}" -emit-module -module-name Charts -I "$out" \
  -emit-module-path "$out/Charts.swiftmodule" Tests/ChartsStandIn/*.swift
# The shells' imports: the stand-ins first, then PerceptionCore and its C module.
typecheck() {
  swiftc "${swiftc_flags[@]}" -typecheck -module-name "$1" -D PERCEPTION_SWIFTUI_STAND_IN \
    "${@:3}" -I "$bin/Modules" -Xcc "-fmodule-map-file=$bin/CPerceptionRuntime.build/module.modulemap" \
    -Xcc -I -Xcc CPerceptionRuntime/include $2
}
typecheck ShellsWithStateMacro "Tests/PerceptionSwiftUITests/Shells/*.swift" -I "$out"
echo "the SwiftUI shells compile where @State is a macro"
# With the views marked `@WithPerceptionTracking` that the render loop tests, whose expansions
# hold the tracking body's states.
typecheck MarkedViewsWithStateMacro "Tests/PerceptionSwiftUITests/Shells/*.swift \
  Tests/PerceptionSwiftUITests/MarkedViews.swift Tests/PerceptionSwiftUITests/Views.swift \
  Tests/PerceptionSwiftUITests/RenderLoop.swift" -I "$out"
echo "the views marked @WithPerceptionTracking compile where @State is a macro"

# And that compile can fail: the old shape compiles with the property wrapper, not the macro.
fixture=Tests/SwiftUIStateMacroFixtures/StateStorageAssignedInInitializer.swift
typecheck PropertyWrapperState "$fixture"
if typecheck MacroState "$fixture" -I "$out" > "$out/fixture.log" 2>&1; then
  echo "error: $fixture compiled against the @State macro; the macro compile is blind" >&2
  exit 1
fi
if ! grep -q "'_count' is a get-only property" "$out/fixture.log"; then
  cat "$out/fixture.log" >&2
  echo "error: $fixture failed against the @State macro for another reason" >&2
  exit 1
fi
echo "an initializer assigning a state's storage compiles with the property wrapper, not the macro"
