#!/usr/bin/env bash
# The contributor's tests, README.md's second command: one debug build, then every Swift test
# once per engine (PERCEPTION_ENGINE=perception and =native), the C runtime's tests with the
# host's compiler, and the example on both engines; on Linux also the compile checks against
# the SwiftUI and Observation stand-ins, the macro fuzzer and Apple's Observations scenarios in
# their harness. It installs nothing, and runs on macOS too, where the steps that need Linux
# say so in one line. The rest of CI's matrix (release, sanitizers, Apple targets, the C
# cross configurations, fuzzers, stress) is .ci/matrix.sh; .ci/run runs both. Each step's time
# here is in Tests/README.md, as is how to run one suite (`swift test --filter`).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s (at %d s)\n' "$*" "$SECONDS"; }
# linux_only STEP: true on Linux; elsewhere says in one line that the step is CI's, and false.
linux_only() {
  [ "$(uname -s)" = Linux ] && return 0
  printf '\n==> skipped here, CI runs it on Linux: %s\n' "$*"
  return 1
}

# Warnings are errors in every target but CodableModels (Package.swift says why).
export PERCEPTION_WARNINGS_AS_ERRORS=1

step "swift build --build-tests (debug, warnings are errors)"
swift build --build-tests

# Code that rests on another library's internals is one entry of Interop/ each (Sources/README.md,
# "Other libraries' internals"): their names found anywhere else fail here.
step "other libraries' internals only in Sources/PerceptionCore/Interop"
if grep -rnE '@_spi\(SwiftUI\) import|_dyld_|_swift_testing_|swift_demangle\(|"/AttributeGraph"|com\.apple\.runtime-issues' \
  Sources --include='*.swift' | grep -v '^Sources/PerceptionCore/Interop/'; then
  echo "error: the lines above belong in an entry of Sources/PerceptionCore/Interop"
  exit 1
fi

# README.md shows the example's output: it must build without warnings (above) and run to the end.
for engine in perception native; do
  step "swift run perception-example (PERCEPTION_ENGINE=$engine)"
  PERCEPTION_ENGINE=$engine swift run --skip-build perception-example
done

# Every behaviour runs once per engine: Perception's runtime and Swift's Observation.
for engine in perception native; do
  step "swift test (PERCEPTION_ENGINE=$engine)"
  PERCEPTION_ENGINE=$engine swift test --skip-build
done

step "C runtime tests (swift run CPerceptionRuntimeTests)"
swift run --skip-build CPerceptionRuntimeTests

step "C runtime tests, host configurations (.ci/c-tests.sh --host)"
bash .ci/c-tests.sh --host

step "C runtime: gcc and clang, C11, -Wall -Wextra -Werror"
for compiler in gcc clang; do
  if ! command -v "$compiler" >/dev/null 2>&1; then
    echo "no $compiler here; CI compiles with it"
    continue
  fi
  for source in CPerceptionRuntime/*.c; do
    "$compiler" -std=c11 -Wall -Wextra -Werror -ICPerceptionRuntime/include -c "$source" -o /dev/null
  done
done

# The SwiftUI stand-ins are declared on Linux only (Package.swift).
if linux_only "the SwiftUI stand-in stays in the tests (.ci/swiftui-stand-in.sh)"; then
  step "the SwiftUI stand-in stays in the tests (.ci/swiftui-stand-in.sh)"
  bash .ci/swiftui-stand-in.sh
fi

if linux_only "the native engine's paths for the 27 releases (.ci/observation-27-stand-in.sh)"; then
  step "the native engine's paths for the 27 releases compile against Observation's SE-0506"
  bash .ci/observation-27-stand-in.sh
fi

if linux_only "the macro fuzzer (.ci/macro-fuzz.sh)"; then
  step "macro fuzzer (fixed seed, bounded)"
  bash .ci/macro-fuzz.sh
fi

if linux_only "Apple's Observations scenarios in their harness (.ci/observations-harness.sh)"; then
  step "Apple's Observations scenarios in the StdlibUnittest-shaped harness, 20 runs per engine"
  bash .ci/observations-harness.sh
fi

printf '\n==> the contributor tests passed in %d s\n' "$SECONDS"
