#!/bin/sh
# Writes the benchmark's wide models: the same class with 100 stored properties, once
# @Perceptible and once @Observable, each with a function reading any one of them,
# for the cases whose cost grows with the number of properties a scope reads.
#
# Not 1,000: the compiler sends the whole class with each member's macro request, so the build
# time grows with the square of the count. 1,000 properties took 343 s to build (debug) against
# 6 s for 100.
set -eu
cd "$(dirname "$0")/PerceptionBenchmarks"
count=100

# The class $1, indented by $2.
wide_class() {
  echo "$2final class $1: WideBenchModel {"
  i=0
  while [ "$i" -lt "$count" ]; do echo "$2  var p$i = 0"; i=$((i + 1)); done
  echo ""
  echo "$2  init() {}"
  echo ""
  echo "$2  static func read(_ model: $1, _ index: Int) -> Int {"
  echo "$2    switch index {"
  i=0
  while [ "$i" -lt "$count" ]; do echo "$2    case $i: return model.p$i"; i=$((i + 1)); done
  echo "$2    default: return 0"
  echo "$2    }"
  echo "$2  }"
  echo "$2}"
}

{
  cat <<'EOF'
import Perception

// The wide models: 100 stored properties each, for the cases whose cost grows with the number
// of properties a scope reads. Written out by the loop in `Benchmarks/wide-models.sh`; edit that,
// not this file.

/// The Perception side of the wide model.
@Perceptible
EOF
  wide_class WidePerceptionModel ""
} >WidePerceptionModel.swift

{
  cat <<'EOF'
#if canImport(Observation)
  import Observation

  // The native side of the wide model (see `WidePerceptionModel.swift`), written out by the loop
  // in `Benchmarks/wide-models.sh`.

  /// The native side of the wide model: the same class, `@Observable`.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Observable
EOF
  wide_class WideNativeModel "  "
  echo "#endif"
} >WideNativeModel.swift
