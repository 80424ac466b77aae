#!/usr/bin/env bash
# The macro fuzzer's bounded run: a fixed seed, so that a failure can be reproduced locally.
# `swift build` (as .ci/test.sh runs it) builds the fuzzer and the plugin it drives.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .build/debug/PerceptionMacroFuzz ] || swift build --product PerceptionMacroFuzz
.build/debug/PerceptionMacroFuzz --seed 20261122 --cases 40 --batch 20 --plugin-cases 1500
