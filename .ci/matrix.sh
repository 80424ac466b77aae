#!/usr/bin/env bash
# CI's tier, everything .ci/test.sh (the contributor's tests) leaves out; .ci/run runs it after
# .ci/test.sh, and it reuses that debug build. The package swapped in by a mirror for
# swift-perception, the Apple-target check, the Swift tests in a release build and under
# ThreadSanitizer and AddressSanitizer on both engines, the C runtime's cross configurations
# (Windows under wine, WASI under wasmtime, Darwin compiled), its fuzzers, and the stress
# test's bounded runs. It installs what the cross configurations lack, where it can
# (.ci/c-cross-install.sh), in the background from the start, so that the downloads overlap the
# builds. Each bounded run's longer form is in Tests/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s (at %d s)\n' "$*" "$SECONDS"; }

# Warnings are errors in every target but CodableModels (Package.swift says why).
export PERCEPTION_WARNINGS_AS_ERRORS=1

# Mostly downloads, awaited before the cross configurations; a failed install makes the
# configuration that needs it skip, saying so.
installs_log=$(mktemp "${TMPDIR:-/tmp}/perception-c-installs.XXXXXX")
bash .ci/c-cross-install.sh > "$installs_log" 2>&1 &
installs=$!

# The debug build the steps below compile against (a no-op after .ci/test.sh).
step "swift build --build-tests (debug)"
swift build --build-tests

# Swapped in for swift-perception by a SwiftPM mirror under a TCA-shaped and a swift-sharing-shaped
# library, at the version CHANGELOG.md gives (issue 29); offline.
step "swapped in by mirror for swift-perception (.ci/mirror-dropin.sh)"
bash .ci/mirror-dropin.sh

step "the package compiles for the Apple targets it declares, with Apple's availability enforced"
bash .ci/apple-targets.sh

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

step "C runtime tests, cross configurations (.ci/c-tests.sh --cross)"
wait "$installs" || true
cat "$installs_log"
rm -f "$installs_log"
bash .ci/c-tests.sh --cross

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
printf '\n==> the CI tier passed in %d s\n' "$SECONDS"
