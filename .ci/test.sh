#!/usr/bin/env bash
# Runs every test of the package: the Apple-target check (the package type-checked for the Apple
# deployment targets it declares, availability enforced), the Swift tests once per engine
# (PERCEPTION_ENGINE=perception and =native), Apple's Observations scenarios repeated in a StdlibUnittest-shaped harness, the
# macro fuzzer, the C runtime's tests (plain, through the pthread-key
# fallback, and under AddressSanitizer and ThreadSanitizer), the Swift tests again under
# ThreadSanitizer and AddressSanitizer on both engines, the C runtime's fuzzers, and the stress
# test's bounded runs, and the example (`swift run perception-example`) on both engines. Each
# bounded run's longer form is in Tests/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s (at %d s)\n' "$*" "$SECONDS"; }

# Warnings are errors in every target but CodableModels (Package.swift says why).
export PERCEPTION_WARNINGS_AS_ERRORS=1

# The C tests' cross configurations install compilers and runners (apt-get, pip): mostly
# downloads, started now so that they overlap the Swift builds, and awaited before those tests.
installs_log=$(mktemp "${TMPDIR:-/tmp}/perception-c-installs.XXXXXX")
bash .ci/c-cross-install.sh > "$installs_log" 2>&1 &
installs=$!

step "swift build (warnings are errors)"
swift build --build-tests

# README.md shows the example's output: it must build without warnings (above) and run to the end.
for engine in perception native; do
  step "swift run perception-example (PERCEPTION_ENGINE=$engine)"
  PERCEPTION_ENGINE=$engine swift run --skip-build perception-example
done

# Swapped in for swift-perception by a SwiftPM mirror under a TCA-shaped and a swift-sharing-shaped
# library, at the version CHANGELOG.md gives (issue 29); offline, about 15 s.
step "swapped in by mirror for swift-perception (.ci/mirror-dropin.sh)"
bash .ci/mirror-dropin.sh

step "the SwiftUI stand-in stays in the tests"
bash .ci/swiftui-stand-in.sh

step "the package compiles for the Apple targets it declares, with Apple's availability enforced"
bash .ci/apple-targets.sh

step "the native engine's paths for the 27 releases compile against Observation's SE-0506"
bash .ci/observation-27-stand-in.sh

# Every behaviour runs once per engine: Perception's runtime and Swift's Observation.
for engine in perception native; do
  step "swift test (PERCEPTION_ENGINE=$engine)"
  PERCEPTION_ENGINE=$engine swift test --skip-build
done

step "Apple's Observations scenarios in the StdlibUnittest-shaped harness, 20 runs per engine"
bash .ci/observations-harness.sh

step "macro fuzzer (fixed seed, bounded)"
bash .ci/macro-fuzz.sh

# Optimized builds take paths debug builds do not (the tracking scope inlined into its caller,
# the spare observer) and end lifetimes earlier: the suites run there too. Perception checking
# is compiled out of release builds, so its suites skip themselves.
step "swift build -c release --build-tests"
swift build -c release -Xswiftc -enable-testing --build-tests --scratch-path .build-release
for engine in perception native; do
  step "swift test -c release (PERCEPTION_ENGINE=$engine)"
  PERCEPTION_ENGINE=$engine swift test -c release -Xswiftc -enable-testing --skip-build \
    --scratch-path .build-release
done

step "C runtime: gcc and clang, C11, -Wall -Wextra -Werror"
for compiler in gcc clang; do
  for source in CPerceptionRuntime/*.c; do
    "$compiler" -std=c11 -Wall -Wextra -Werror -ICPerceptionRuntime/include -c "$source" -o /dev/null
  done
done

step "C runtime tests"
wait "$installs" || true
cat "$installs_log"
rm -f "$installs_log"
swift run --skip-build CPerceptionRuntimeTests
CI=true bash .ci/c-tests.sh

for engine in perception native; do
  step "swift test --sanitize=thread (PERCEPTION_ENGINE=$engine)"
  PERCEPTION_ENGINE=$engine swift test --sanitize=thread --scratch-path .build-tsan
done

for engine in perception native; do
  step "swift test --sanitize=address (PERCEPTION_ENGINE=$engine)"
  PERCEPTION_ENGINE=$engine LSAN_OPTIONS="suppressions=$PWD/.ci/lsan-suppressions.txt" \
    swift test --sanitize=address --scratch-path .build-asan
done

step "C runtime fuzzers (fixed seed, bounded)"
bash .ci/fuzz.sh

step "stress test (bounded)"
bash .ci/stress.sh
printf '\n==> every test passed in %d s\n' "$SECONDS"
