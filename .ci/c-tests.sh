#!/usr/bin/env bash
# Builds and runs the C runtime's tests (Tests/CPerceptionRuntimeTests) outside
# SwiftPM, in four configurations: -O2, the pthread-key slot, ASan+UBSan, and
# TSan. Exits non-zero if any build or run fails. Binaries go to a temp dir.
#
# Usage: .ci/c-tests.sh            (from anywhere; CC overrides clang)
# Empty arrays are expanded as ${a[@]+"${a[@]}"} for bash 3.2 (macOS) under set -u.
set -u

cd "$(dirname "$0")/.." || exit 1
CC=${CC:-clang}
BUILD_DIR=$(mktemp -d "${TMPDIR:-/tmp}/perception-c-tests.XXXXXX") || exit 1
trap 'rm -rf "$BUILD_DIR"' EXIT

COMMON=(-std=c11 -Wall -Wextra -Werror -pthread -ICPerceptionRuntime/include)
SOURCES=(CPerceptionRuntime/*.c Tests/CPerceptionRuntimeTests/*.c)

# The sanitizer runtimes that ship with the Swift toolchain's clang on Linux
# include libdispatch interceptors, so a TSan binary must link libdispatch and
# the blocks runtime; find them next to clang.
TSAN_LINK=()
if [ "$(uname -s)" = Linux ]; then
  SWIFT_LINUX_LIB="$(dirname "$(command -v "$CC")")/../lib/swift/linux"
  if [ -e "$SWIFT_LINUX_LIB/libdispatch.so" ]; then
    TSAN_LINK=(-L"$SWIFT_LINUX_LIB" -ldispatch -lBlocksRuntime -Wl,-rpath,"$SWIFT_LINUX_LIB")
  fi
fi

# gold, the default linker here, prints a screenful of harmless warnings for
# every ASan binary; use lld when it is there (it ships with the toolchain).
SANITIZER_LINK=()
if command -v ld.lld >/dev/null 2>&1 || [ -x "$(dirname "$(command -v "$CC")")/ld.lld" ]; then
  SANITIZER_LINK=(-fuse-ld=lld)
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1}

# A hang (say, a probe loop that never ends) fails the run instead of
# blocking CI, where coreutils' timeout is available.
RUN_PREFIX=()
if command -v timeout >/dev/null 2>&1; then
  RUN_PREFIX=(timeout "${C_TESTS_TIMEOUT:-300}")
fi

failures=()

# run_configuration NAME FLAGS...
run_configuration() {
  local name=$1
  shift
  local binary="$BUILD_DIR/c-tests-$name"
  echo "=== configuration: $name ($CC ${*})"
  if ! "$CC" "${COMMON[@]}" "$@" "${SOURCES[@]}" -o "$binary"; then
    echo "=== $name: BUILD FAILED"
    failures+=("$name (build)")
    return
  fi
  if ${RUN_PREFIX[@]+"${RUN_PREFIX[@]}"} "$binary"; then
    echo "=== $name: ok"
  else
    echo "=== $name: RUN FAILED (exit $?)"
    failures+=("$name (run)")
  fi
}

run_configuration plain -O2
run_configuration pthread-key -O2 -DPERCEPTION_USE_PTHREAD_KEY
run_configuration asan-ubsan -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g -O1 \
  ${SANITIZER_LINK[@]+"${SANITIZER_LINK[@]}"}
run_configuration tsan -fsanitize=thread -g -O1 ${SANITIZER_LINK[@]+"${SANITIZER_LINK[@]}"} ${TSAN_LINK[@]+"${TSAN_LINK[@]}"}

if [ ${#failures[@]} -ne 0 ]; then
  echo "c-tests: FAILED: ${failures[*]}"
  exit 1
fi
echo "c-tests: all configurations passed"
