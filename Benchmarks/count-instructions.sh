#!/bin/sh
# Instructions per operation of one benchmark case, counted with callgrind: the release
# benchmark runs the case's batch once with N and once with 2N operations
# (`perception-bench --operations`), and the difference over N is the cost of one operation,
# loop included, with the process's start and the case's setup cancelled out.
#   Benchmarks/count-instructions.sh CASE [perception|native] [N]
# PERCEPTION_ENGINE=native in the environment counts Perception on the native engine (passed on
# as --engine, since the benchmark otherwise selects Perception's runtime itself).
# valgrind 3.19 cannot read the DWARF 5 that Swift 6 emits, so it runs a stripped copy.
set -eu
cd "$(dirname "$0")/.."
case_id="$1"
side="${2:-perception}"
n="${3:-100000}"
# SwiftPM does not always rebuild the benchmark after a change to PerceptionCore alone (it
# imports Perception, which re-exports it), and a stale inlined copy would be counted.
touch Benchmarks/PerceptionBenchmarks/main.swift
swift build -c release --product perception-bench >/dev/null
work="$(mktemp -d "${TMPDIR:-/tmp}/perception-count.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp .build/release/perception-bench "$work/bench"
strip -g "$work/bench"
count() {
  valgrind --tool=callgrind --callgrind-out-file="$work/out.$1" \
    "$work/bench" --engine "${PERCEPTION_ENGINE:-perception}" --filter "$case_id" \
    --side "$side" --operations "$1" >/dev/null 2>"$work/log.$1"
  sed -n 's/^summary: //p' "$work/out.$1"
}
one="$(count "$n")"
two="$(count "$((2 * n))")"
echo "$case_id ($side${PERCEPTION_ENGINE:+, PERCEPTION_ENGINE=$PERCEPTION_ENGINE}):" \
  "$(( (two - one) / n )) instructions per operation ($one for $n, $two for $((2 * n)))"
