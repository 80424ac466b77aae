#!/usr/bin/env bash
# Type-checks the native engine's paths for the 27 releases (SE-0506: `#if compiler(>=6.4)` in
# Sources/PerceptionCore/Native), which the Swift 6.3.1 toolchain here never compiles: the whole
# PerceptionCore module again, with PERCEPTION_OBSERVATION_27_STAND_IN, against
# Tests/Observation27StandIn, which declares Observation's SE-0506 API as Apple's documentation
# pages do. Then checks that this compile can fail: a fixture that copies an event, which
# SE-0506 makes noncopyable, must be rejected. Run after `swift build --build-tests` (the debug
# build, for the C module's map).
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/second-compile.sh
out=.build/observation-27
second_compile_setup "$out"
swiftc_flags=(-swift-version 6 -warnings-as-errors -parse-as-library -package-name "$package_name")

swiftc "${swiftc_flags[@]}" -emit-module -module-name Observation27StandIn \
  -emit-module-path "$out/Observation27StandIn.swiftmodule" Tests/Observation27StandIn/*.swift

# SIL, not only types: noncopyable values are checked in the mandatory SIL passes.
typecheck() {
  swiftc "${swiftc_flags[@]}" -emit-sil -wmo -o /dev/null -module-name "$1" -D PERCEPTION_OBSERVATION_27_STAND_IN \
    -I "$out" -Xcc "-fmodule-map-file=$bin/CPerceptionRuntime.build/module.modulemap" \
    -Xcc -I -Xcc CPerceptionRuntime/include "${@:2}"
}
mapfile -t core < <(find Sources/PerceptionCore -name '*.swift' | sort)
typecheck PerceptionCore "${core[@]}"
echo "PerceptionCore type-checks against Observation's SE-0506 declarations"

# And that compile can fail.
fixture=Tests/Observation27StandIn/Fixtures/CopiedEvent.swift
if typecheck CopiedEvent "$fixture" > "$out/fixture.log" 2>&1; then
  echo "error: $fixture compiled against the stand-in; the check is blind" >&2
  exit 1
fi
if ! grep -q "consumed" "$out/fixture.log"; then
  cat "$out/fixture.log" >&2
  echo "error: $fixture failed against the stand-in for another reason" >&2
  exit 1
fi
echo "a copied SE-0506 event is rejected"
