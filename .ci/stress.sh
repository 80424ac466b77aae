#!/usr/bin/env bash
# The stress test's bounded runs (Tests/README.md, "Stress test"): perception-stress on both engines,
# its memory loop on both engines (Perception's runtime in the debug build, which also counts
# what is alive at the end; the native engine, where only memory is measured, in the faster
# release build), the stress in a release build on both engines, and the
# stress under ThreadSanitizer in debug and release builds. Together well under two minutes once
# built; any violated invariant, a crash, or the watchdog fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
# Warnings are errors, as in the build .ci/test.sh makes (Package.swift).
export PERCEPTION_WARNINGS_AS_ERRORS=1

step() { printf '\n==> %s (at %d s)\n' "$*" "$SECONDS"; }

step "swift build --product perception-stress"
swift build --product perception-stress
stress="$(swift build --show-bin-path)/perception-stress"


for engine in perception native; do
  step "perception-stress (PERCEPTION_ENGINE=$engine)"
  PERCEPTION_ENGINE=$engine "$stress"
done
step "perception-stress --memory (PERCEPTION_ENGINE=perception)"
PERCEPTION_ENGINE=perception "$stress" --memory

# Release builds take paths that debug builds do not (the tracking scope inlined into its
# caller, the spare observer reused across scopes): the stress runs there too.
# The release build .ci/matrix.sh makes for its tests, so that nothing is compiled again there.
release=(-c release -Xswiftc -enable-testing --scratch-path .build-release)
step "swift build ${release[*]} --product perception-stress"
swift build "${release[@]}" --product perception-stress
release_stress="$(swift build "${release[@]}" --show-bin-path)/perception-stress"
for engine in perception native; do
  step "perception-stress, release build (PERCEPTION_ENGINE=$engine)"
  PERCEPTION_ENGINE=$engine "$release_stress"
done
step "perception-stress --memory, release build (PERCEPTION_ENGINE=native)"
PERCEPTION_ENGINE=native "$release_stress" --memory

step "perception-stress under ThreadSanitizer (PERCEPTION_ENGINE=perception)"
swift build --sanitize=thread --scratch-path .build-tsan --product perception-stress
tsan_stress="$(swift build --sanitize=thread --scratch-path .build-tsan --show-bin-path)/perception-stress"
PERCEPTION_ENGINE=perception TSAN_OPTIONS=halt_on_error=1 "$tsan_stress"
step "perception-stress under ThreadSanitizer (PERCEPTION_ENGINE=native)"
PERCEPTION_ENGINE=native TSAN_OPTIONS=halt_on_error=1 "$tsan_stress"

step "perception-stress, release build under ThreadSanitizer (PERCEPTION_ENGINE=perception)"
swift build -c release --sanitize=thread --scratch-path .build-tsan --product perception-stress
tsan_release_stress="$(swift build -c release --sanitize=thread --scratch-path .build-tsan --show-bin-path)/perception-stress"
PERCEPTION_ENGINE=perception TSAN_OPTIONS=halt_on_error=1 "$tsan_release_stress"
