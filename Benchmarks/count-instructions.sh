#!/bin/sh
# Instructions per operation of one benchmark case, counted with callgrind: the release
# benchmark runs the case's batch once with N and once with 2N operations
# (`perception-bench --operations`), and the difference over N is the cost of one operation,
# loop included, with the process's start and the case's setup cancelled out.
#   Benchmarks/count-instructions.sh CASE [perception|native] [N]
#   Benchmarks/count-instructions.sh --budget
#   Benchmarks/count-instructions.sh --checking
#   Benchmarks/count-instructions.sh --seeds CASE [perception|native] [N] [K]
# PERCEPTION_ENGINE=native in the environment counts Perception on the native engine (passed on
# as --engine, since the benchmark otherwise selects Perception's runtime itself).
#
# --budget holds the budgets in instructions: a count is the same for the same binary whatever
# else the machine runs (the same total within a few hundred instructions per run), where a timed
# guard fails on noise (Benchmarks/README.md, "CI's guards are instruction counts, never times").
# It prints one table, Perception on its runtime and on the native engine beside `@Observable`,
# and exits 1 if a row with a limit is over it.
#
# --checking holds perception checking's budget (issue 8) in instructions, in a release build
# that keeps checking (-DDEBUG, in .build-checking, as .ci/bench.sh's tracing figures): a plain
# release build compiles checking out.
#
# --seeds counts a case in K processes (5 by default) with random hash seeds, for the cases
# whose count the seed decides (see `total`): the N-operation run's total less a 1-operation
# run's, over N - 1, in each process (a 2N run would have another seed), then the median.
# valgrind 3.19 cannot read the DWARF 5 that Swift 6 emits, so it runs a stripped copy.
set -eu
cd "$(dirname "$0")/.."

# SwiftPM does not always rebuild the benchmark after a change to PerceptionCore alone (it
# imports Perception, which re-exports it), and a stale inlined copy would be counted.
# The benchmark is its own package (Benchmarks/Package.swift); warnings are errors, as in
# .ci/bench.sh, which then reuses this build.
touch Benchmarks/PerceptionBenchmarks/main.swift
if [ "${1:-}" = "--checking" ]; then
  # Passed to the benchmark: its --operations then runs a checking batch (see counted).
  checking_flag="--checking"
  build() {
    swift build --package-path Benchmarks -c release -Xswiftc -warnings-as-errors \
      -Xswiftc -DDEBUG --scratch-path .build-checking "$@"
  }
else
  checking_flag=""
  build() { swift build --package-path Benchmarks -c release -Xswiftc -warnings-as-errors "$@"; }
fi
build --product perception-bench >/dev/null
work="$(mktemp -d "${TMPDIR:-/tmp}/perception-count.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp "$(build --show-bin-path)/perception-bench" "$work/bench"
strip -g "$work/bench"

# The callgrind total of one run: ENGINE CASE SIDE OPERATIONS. Deterministic hashing, because
# with a random seed two runs' dictionaries collide differently: Observation keys each object's
# observations by key path, and two different key paths in one bucket cost a comparison of about
# 400 instructions (write-other-observed read 1,983 and 2,765 per operation in two pairs of runs).
total() {
  counted SWIFT_DETERMINISTIC_HASHING=1 "$@"
}

# The same with the environment's hashing: a random seed unless SWIFT_DETERMINISTIC_HASHING is
# set.
seeded_total() {
  counted PERCEPTION_COUNT_SEEDED=1 "$@"
}

# The callgrind total of one run with one more variable in its environment: VARIABLE=VALUE
# ENGINE CASE SIDE OPERATIONS.
counted() {
  out="$(mktemp "$work/out.XXXXXX")"
  env "$1" valgrind --tool=callgrind --callgrind-out-file="$out" \
    "$work/bench" $checking_flag --engine "$2" --filter "$3" --side "$4" --operations "$5" \
    >/dev/null 2>"$out.log" || { cat "$out.log" >&2; exit 2; }
  sed -n 's/^summary: //p' "$out"
  rm -f "$out" "$out.log"
}

# Instructions per operation, to one decimal: ENGINE CASE SIDE N.
per_operation() {
  # The two runs at once, on two cores: callgrind runs one process on one core.
  first="$(mktemp "$work/first.XXXXXX")"
  total "$1" "$2" "$3" "$4" >"$first" &
  two="$(total "$1" "$2" "$3" "$(($4 * 2))")"
  wait "$!" || exit 2
  one="$(cat "$first")"
  awk -v one="$one" -v two="$two" -v n="$4" 'BEGIN { printf "%.1f", (two - one) / n }'
}

if [ "${1:-}" = "--seeds" ]; then
  case_id="$2"
  side="${3:-perception}"
  n="${4:-20000}"
  k="${5:-5}"
  engine="${PERCEPTION_ENGINE:-perception}"
  # The process's start and the case's setup, which the seed moves by a few thousand
  # instructions in all: under 0.1 per operation at the default N.
  one="$(total "$engine" "$case_id" "$side" 1)"
  counts=""
  i=0
  while [ "$i" -lt "$k" ]; do
    counts="$counts $(awk -v t="$(seeded_total "$engine" "$case_id" "$side" "$n")" \
      -v one="$one" -v n="$n" 'BEGIN { printf "%.1f", (t - one) / (n - 1) }')"
    i=$((i + 1))
  done
  echo "$counts" | tr ' ' '\n' | sed '/^$/d' | sort -n | awk -v id="$case_id" -v side="$side" \
    -v engine="${PERCEPTION_ENGINE:-}" '{ c[NR] = $1; all = all sep $1; sep = ", " } END {
      printf "%s (%s%s): median %s instructions per operation over %d random seeds (%s)\n",
        id, side, engine == "" ? "" : ", PERCEPTION_ENGINE=" engine, c[int((NR + 1) / 2)], NR, all
    }'
  exit 0
fi

if [ "${1:-}" = "--checking" ]; then
  # One figure of the budget on one engine, instructions per read: FIGURE ENGINE. Each batch
  # reads one property N times (`CheckingBudget.Batch`).
  checking_figure() {
    case "$1" in
      quiet) awk -v on="$(per_operation "$2" checking-read-on perception 100000)" \
        -v off="$(per_operation "$2" checking-read-off perception 100000)" \
        'BEGIN { printf "%.1f", on - off }' ;;
      reporting) per_operation "$2" checking-reporting-read perception 2000 ;;
      tracked) awk \
        -v in_context="$(per_operation "$2" checking-tracked-read-in-context perception 20000)" \
        -v outside="$(per_operation "$2" checking-tracked-read-outside perception 20000)" \
        'BEGIN { printf "%.1f", in_context - outside }' ;;
    esac
  }
  # The limits, issue 8's budget in instructions: a read outside scopes and contexts, and a
  # tracked read, cost at most a load and a branch more in a checked context or with checking on
  # than without; a read that reports, after its site's first report, stays far under 1 µs
  # (Benchmarks/README.md, "Perception checking's budget").
  echo "| perception checking (instructions per read) | Perception on its runtime | Perception on the native engine | limit |"
  echo "|---|---:|---:|---|"
  over=0
  while read -r figure limit title; do
    runtime="$(checking_figure "$figure" perception)"
    native="$(checking_figure "$figure" native)"
    verdict="$(awk -v a="$runtime" -v b="$native" -v limit="$limit" 'BEGIN {
      print (a > limit + 0 || b > limit + 0) ? "**over " limit "**" : "within " limit }')"
    echo "| $title | $runtime | $native | $verdict |"
    case "$verdict" in *"**over"*) over=$((over + 1)) ;; esac
  done <<FIGURES
quiet 2 read outside scopes and contexts: checking on minus off
reporting 5000 read in a checked context, site already reported
tracked 2 tracked read: in a checked context minus outside
FIGURES
  if [ "$over" -gt 0 ]; then
    echo "FAILED: $over row(s) over perception checking's budget (marked over)"
    exit 1
  fi
  exit 0
fi

if [ "${1:-}" != "--budget" ]; then
  case_id="$1"
  side="${2:-perception}"
  n="${3:-100000}"
  one="$(total "${PERCEPTION_ENGINE:-perception}" "$case_id" "$side" "$n")"
  two="$(total "${PERCEPTION_ENGINE:-perception}" "$case_id" "$side" "$((2 * n))")"
  echo "$case_id ($side${PERCEPTION_ENGINE:+, PERCEPTION_ENGINE=$PERCEPTION_ENGINE}):" \
    "$(((two - one) / n)) instructions per operation ($one for $n, $two for $((2 * n)))"
  exit 0
fi

# The budget's rows, one table: id, N (2N within the case's maxOperations, and small where one
# operation is costly), the limit on Perception's runtime over `@Observable`, and the limit on
# Perception on the native engine over `@Observable`.
#
# On Perception's runtime each limit is about one and a half times the ratio the case counted
# when the limits were set: the runtime costs a fraction of Observation, and a change that adds
# half again to a case fails. The threaded cases are held here too: no thread spins, so their
# counts repeat.
#
# On the native engine the limit is 1.10, issue 21's budget; `open` where a case is still over it
# (reported, not held); `-` where the row is reported, not held; `n/c` where it is not counted:
# the cases whose key paths share Observation's dictionaries with others (write-other-observed,
# cycle-10, the growth cases), where the count is decided by which keys share a bucket. A key
# path's hash covers its accessors' addresses, so any change to the code moves it, on either
# side (at d70e94e, write-other-observed counted 1.45 and cycle-10 went our way, from those
# comparisons alone); `--seeds` counts them over random seeds. create-destroy's own limit, 1.30,
# is set by the decision to keep the registrar's box (the Guarantees article's "Releases": 1,650
# against 1,290 instructions).
#
# The counts keep a decimal: a run's total moves by a few hundred instructions from run to run,
# so a whole-number count truncated 3.9996 to 3 against 4.0002 (CI failed on writing an equal
# value at "4 against 3"). A case that costs @Observable under 20 instructions is reported, not
# held: there one instruction is 5% or more. The asynchronous rows are held in their one-actor
# forms (the engines' work with no thread to wake; the cross-thread rows follow the scheduler)
# beside `continuous`, whose consumer runs on its own actor.
#
# write-other-observed is held at 0.20 since issue 53 (it counted 68, 0.027, before; 223, 0.099,
# after): a one-shot willSet tracking registers for other threads' didSets too, which stand for
# a willSet that came before its registration, so a write to another property of an observed
# object tests its didSet filter as well, whose 48 bits (the top 16 count the scopes in setup)
# share a bit between two of the case's properties. Correctness over the budget: a write that
# began before a tracked read and stores after it must fire the tracking.
#
# Five native limits are raised since issue 53 ran a Perception scope beside each tracking on
# the system's Observation before Swift 6.4, which hears the writes from other threads that
# Observation misses during a tracking's setup (`NativeSetupWindow`): every such tracking call
# pays the scope (a stack list, the thread's slot, about 125 instructions where nothing is
# read, so empty-scope 1.60 and nested-3 1.65), and every read object its setup and the check
# at the end of it (cycle-1 counted 13,291 against 12,587 before, +5.6%; hand-cycle-1 1.15,
# options-cycle 1.15, and fan-out-10 1.15, which counted 1.098). Correctness over the budget: a
# write from another thread after a tracked read is never lost (Benchmarks/README.md, "Writes
# from other threads during setup"). The two asynchronous rows that re-arm such a tracking for
# each change pay it too, beside counts that move by several percent between runs with the
# executor's jobs: apply-cycle-one-actor counted 1.047 to 1.062 in seven runs on one machine and
# 1.107 in CI (@Observable's side 18,514 there, 18,590 to 18,722 here), so it and continuous
# (1.051) are held at 1.15.
#
# The hand-written path (issue 38): a class that calls `PerceptionRegistrar.access(_:keyPath:)`
# and `withMutation(of:keyPath:_:)` from its own accessors with key path literals, as the
# Composable Architecture's `Store` does (`HandWrittenModel`). The entry points take the key path
# as an autoclosure, so on Perception's runtime an untracked read and an unobserved write never
# form it (a formed literal alone costs about 92 instructions, `keypath-literal`); on the native
# engine `ObservationRegistrar` needs the literal on every call, as `@Observable` does, and the
# read, whose tests of the engine word and the thread's slot beside the literal and
# Observation's own call leave it at about 1.07, is held at 1.15. The `perceptible-` rows call
# the same entry points through the `Perceptible` overloads (issue 49,
# `PerceptibleCalledModel`); on the native engine they are reported, not held: the read is over
# issue 49's 1.25 (Benchmarks/README.md, "The Perceptible entry points").
echo "| case | @Observable | Perception on its runtime | ratio | limit | Perception on the native engine | ratio | limit |"
echo "|---|---:|---:|---:|---|---:|---:|---|"
over=0
while read -r case_id n runtime_limit native_limit; do
  native="$(per_operation native "$case_id" native "$n")"
  runtime="$(per_operation perception "$case_id" perception "$n")"
  ours=""
  [ "$native_limit" = "n/c" ] || ours="$(per_operation native "$case_id" perception "$n")"
  row="$(awk -v native="$native" -v runtime="$runtime" -v ours="$ours" \
    -v runtime_limit="$runtime_limit" -v native_limit="$native_limit" '
    function verdict(ratio, limit) {
      if (native < 20) return "trivial: not held"
      if (limit == "-") return "reported"
      if (limit == "open") return "open: over the budget (issue 21)"
      return ratio > limit + 0 ? "**over " limit "**" : "within " limit
    }
    BEGIN {
      printf "%s | %.3f | %s | ", runtime, runtime / native, verdict(runtime / native, runtime_limit)
      if (native_limit == "n/c") printf "n/c | | not counted"
      else printf "%s | %.3f | %s", ours, ours / native, verdict(ours / native, native_limit)
    }')"
  echo "| $case_id | $native | $row |"
  case "$row" in *"**over"*) over=$((over + 1)) ;; esac
done <<CASES
read 100000 0.10 1.10
write 100000 0.05 1.10
write-equal 100000 - 1.10
modify 100000 0.05 1.10
empty-scope 100000 0.20 1.60
nested-3 20000 0.20 1.65
cycle-1 4000 0.15 1.10
create-destroy 10000 0.70 1.30
fan-out-1 2000 0.25 1.10
fan-out-10 400 0.20 1.15
fan-out-1000 4 0.20 n/c
options-cycle 2000 0.20 1.15
continuous 2000 0.75 1.15
perceptions-one-actor 5000 0.60 1.10
perceptions-parked-one-actor 5000 0.65 1.10
apply-cycle-one-actor 5000 0.60 1.15
write-other-observed 10000 0.20 n/c
cycle-10 400 0.15 n/c
grow-properties-1 400 0.15 n/c
grow-properties-10 400 0.15 n/c
grow-objects-10 400 0.20 n/c
threads-separate 4000 0.05 n/c
threads-separate-same-property 4000 0.05 n/c
threads-same 4000 0.05 n/c
hand-read 100000 0.20 1.15
hand-write 100000 0.10 1.10
hand-modify 100000 0.10 1.10
hand-cycle-1 4000 0.15 1.15
perceptible-read 100000 0.20 -
perceptible-write 100000 0.10 -
perceptible-cycle-1 4000 0.15 -
keypath-literal 100000 - -
CASES
if [ "$over" -gt 0 ]; then
  echo "FAILED: $over case(s) over the instruction budget (marked over)"
  exit 1
fi
