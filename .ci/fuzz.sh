#!/usr/bin/env bash
# Fuzzes the C runtime with libFuzzer under AddressSanitizer and
# UndefinedBehaviorSanitizer: one target drives the access list, one the
# observer table, each against a model (Tests/CPerceptionRuntimeFuzz).
#
# Usage:
#   .ci/fuzz.sh                 CI: a fixed number of runs from a fixed seed,
#                               starting from the checked-in corpus (about
#                               a minute on 2 cores, the targets at once).
#                               Fails on any crash, leak, sanitizer report
#                               or broken invariant.
#   .ci/fuzz.sh --long [SECS]   Fuzzes each target for SECS seconds (default
#                               600), then minimizes what it found together
#                               with the checked-in corpus (-set_cover_merge=1:
#                               a small set of inputs that keeps every feature)
#                               back into Tests/CPerceptionRuntimeFuzz/corpus/
#                               <target>; commit it if it grew.
# FUZZ_RUNS and FUZZ_SEED override the CI mode's runs per target and seed;
# CC overrides clang (it must support -fsanitize=fuzzer).
# A failing input is saved in the repository's root as crash-*, leak-*,
# timeout-* or oom-* (all gitignored); reproduce it with
#   clang <the flags below> -o fuzzer && ./fuzzer <file>
set -u

cd "$(dirname "$0")/.." || exit 1
CC=${CC:-clang}
FUZZ_DIR=Tests/CPerceptionRuntimeFuzz
TARGETS=(access_list observer_table)
# Runs per target in CI: the access list's model checks cost more per input,
# so it gets fewer, for about the same time.
runs_for() {
  case $1 in
    access_list) echo "${FUZZ_RUNS:-60000}" ;;
    *) echo "${FUZZ_RUNS:-80000}" ;;
  esac
}
SEED=${FUZZ_SEED:-1}

mode=ci
long_seconds=600
if [ "${1:-}" = --long ]; then
  mode=long
  long_seconds=${2:-600}
elif [ $# -ne 0 ]; then
  echo "usage: $0 [--long [SECONDS]]" >&2
  exit 2
fi

BUILD_DIR=$(mktemp -d "${TMPDIR:-/tmp}/perception-fuzz.XXXXXX") || exit 1
trap 'rm -rf "$BUILD_DIR"' EXIT

# Without trace-cmp: the runtime compares pointers, with no magic values for
# comparison tracing to solve, and tracing every comparison of the hash
# probes made each run two to four times slower.
FLAGS=(-std=c11 -Wall -Wextra -Werror -g -O1 -fno-omit-frame-pointer
  -fsanitize=fuzzer,address,undefined -fno-sanitize-coverage=trace-cmp
  -fno-sanitize-recover=undefined -ICPerceptionRuntime/include)
# lld, which ships with the toolchain, links sanitizer binaries without
# gold's screenful of warnings (as in .ci/c-tests.sh).
if command -v ld.lld >/dev/null 2>&1 || [ -x "$(dirname "$(command -v "$CC")")/ld.lld" ]; then
  FLAGS+=(-fuse-ld=lld)
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

printf '\n==> fuzz the C runtime (%s)\n' "$mode"
# fuzz_target TARGET: builds, replays and fuzzes one target, noting a failure in
# $BUILD_DIR/failures. The targets run at once, one a core, each into a log of its own.
fuzz_target() {
  local target=$1 binary corpus found limit
  binary="$BUILD_DIR/$target-fuzz"
  corpus="$FUZZ_DIR/corpus/$target"
  found="$BUILD_DIR/$target-found"
  mkdir -p "$corpus" "$found"
  echo "=== $target: build ($CC ${FLAGS[*]})"
  if ! "$CC" "${FLAGS[@]}" CPerceptionRuntime/*.c "$FUZZ_DIR/${target}_fuzz.c" -o "$binary"; then
    echo "$target (build)" >> "$BUILD_DIR/failures"
    return
  fi
  # New inputs go to the first directory, so the checked-in corpus is only
  # read (except by --long's final merge).
  if [ "$mode" = ci ]; then
    # First every corpus input as it is, then new inputs of at most 1 KiB: the
    # longest (4 KiB) cost several times as much each, for little new.
    echo "=== $target: replay the corpus"
    if ! "$binary" -runs=0 -timeout=30 -artifact_prefix=./ "$found" "$corpus" 2>"$BUILD_DIR/$target.log"; then
      tail -n 60 "$BUILD_DIR/$target.log"
      echo "$target (corpus)" >> "$BUILD_DIR/failures"
      return
    fi
    grep -E '^#[0-9]+[[:space:]]+INITED' "$BUILD_DIR/$target.log"
    limit=(-runs="$(runs_for "$target")" -max_len=1024)
  else
    limit=(-max_total_time="$long_seconds")
  fi
  echo "=== $target: fuzz (-seed=$SEED ${limit[*]})"
  # -timeout: an input that runs for 30 s is a hang (a probe loop that never
  # ends), saved as timeout-*.
  if ! "$binary" -seed="$SEED" "${limit[@]}" -timeout=30 -print_final_stats=1 -artifact_prefix=./ \
    "$found" "$corpus" 2>"$BUILD_DIR/$target.log"; then
    tail -n 60 "$BUILD_DIR/$target.log"
    echo "$target (run)" >> "$BUILD_DIR/failures"
    return
  fi
  grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::' "$BUILD_DIR/$target.log"
  if [ "$mode" = long ]; then
    minimized="$BUILD_DIR/$target-minimized"
    mkdir -p "$minimized"
    if "$binary" -set_cover_merge=1 "$minimized" "$corpus" "$found" >"$BUILD_DIR/$target-merge.log" 2>&1 &&
      [ -n "$(ls -A "$minimized")" ]; then
      rm -f "$corpus"/*
      cp "$minimized"/* "$corpus"/ 2>/dev/null
      echo "=== $target: corpus minimized to $(find "$corpus" -type f | wc -l) inputs in $corpus"
    else
      tail -n 30 "$BUILD_DIR/$target-merge.log"
      echo "$target (merge)" >> "$BUILD_DIR/failures"
    fi
  fi
}

for target in "${TARGETS[@]}"; do
  fuzz_target "$target" > "$BUILD_DIR/$target.out" 2>&1 &
done
wait
for target in "${TARGETS[@]}"; do cat "$BUILD_DIR/$target.out"; done
failures=()
if [ -e "$BUILD_DIR/failures" ]; then
  while IFS= read -r failure; do failures+=("$failure"); done < "$BUILD_DIR/failures"
fi

if [ ${#failures[@]} -ne 0 ]; then
  echo "fuzz: FAILED: ${failures[*]}"
  exit 1
fi
echo "fuzz: all targets passed"
