#!/usr/bin/env bash
# Builds and runs the C runtime's tests (Tests/CPerceptionRuntimeTests) outside
# SwiftPM, one configuration per platform branch of perception_platform.h (its
# table says which configuration tests which branch):
#   host: -O2, the pthread-key slot, ASan+UBSan, TSan, and on Linux generic
#     POSIX (Linux's own branches turned off), with the host's compiler;
#   cross (Linux only): windows, windows-clang: x86_64 with mingw-w64's gcc,
#     then with clang over the same mingw-w64 headers and libraries, run under
#     wine; wasi: wasm32-wasi without threads, run under wasmtime; darwin: the
#     runtime's and the tests' .c files compiled (not run) for
#     arm64-apple-ios13.0 and x86_64-apple-macos10.15 against glibc's headers
#     and the stand-ins in Tests/AppleTargets/Platform.
# A cross configuration finds its own tools (.ci/c-cross-tools.sh), whatever
# else is installed. Where they are missing, CI (CI=true) installs them
# (.ci/c-cross-install.sh), and elsewhere the configuration skips with one
# line; a configuration that builds and fails fails the run. Binaries, the
# wine prefix and the lp64 headers go to a temp dir.
#
# Usage: .ci/c-tests.sh          every configuration (CC overrides clang)
#        .ci/c-tests.sh --host   the host configurations only (.ci/test.sh)
#        .ci/c-tests.sh --cross  the cross configurations only (.ci/matrix.sh)
# Empty arrays are expanded as ${a[@]+"${a[@]}"} for bash 3.2 (macOS) under set -u.
set -u

cd "$(dirname "$0")/.." || exit 1
CC=${CC:-clang}
BUILD_DIR=$(mktemp -d "${TMPDIR:-/tmp}/perception-c-tests.XXXXXX") || exit 1
WINESERVER=""
cleanup() {
  # The wine prefix's server outlives the test by a few seconds; stop it first.
  if [ -n "$WINESERVER" ]; then
    WINEPREFIX="$BUILD_DIR/wine" "$WINESERVER" -k >/dev/null 2>&1
  fi
  rm -rf "$BUILD_DIR"
}
trap cleanup EXIT

# shellcheck source=c-cross-tools.sh
source .ci/c-cross-tools.sh

COMMON=(-std=c11 -Wall -Wextra -Werror -ICPerceptionRuntime/include)
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

# gold, the default linker on Linux, prints a screenful of harmless warnings
# for every ASan binary; use lld when it is there (it ships with the
# toolchain). Elsewhere the platform's own linker serves.
SANITIZER_LINK=()
if [ "$(uname -s)" = Linux ] &&
  { command -v ld.lld >/dev/null 2>&1 || [ -x "$(dirname "$(command -v "$CC")")/ld.lld" ]; }; then
  SANITIZER_LINK=(-fuse-ld=lld)
fi

# LeakSanitizer is Linux's here: Apple's clang stops an ASan binary that asks
# for it on macOS.
if [ "$(uname -s)" = Linux ]; then
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
else
  export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1}
fi
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1}

# A hang (say, a probe loop that never ends) fails the run instead of
# blocking CI, where coreutils' timeout is available.
RUN_PREFIX=()
if command -v timeout >/dev/null 2>&1; then
  RUN_PREFIX=(timeout "${C_TESTS_TIMEOUT:-300}")
fi

failures=()
skipped=()

# build_and_run NAME BINARY RUNNER COMPILER ARGS...: builds BINARY with
# COMPILER ARGS and runs it, under RUNNER (a command, or "" for none).
build_and_run() {
  local name=$1 binary=$2 runner=$3
  shift 3
  local started=$SECONDS
  local shown=() argument
  for argument in "$@"; do
    case "$argument" in *.c) ;; *) shown+=("$argument") ;; esac
  done
  echo "=== configuration: $name (${shown[*]})"
  if ! "$@" -o "$binary"; then
    echo "=== $name: BUILD FAILED"
    failures+=("$name (build)")
    return
  fi
  # shellcheck disable=SC2086 # RUNNER is a command and its arguments.
  if ${RUN_PREFIX[@]+"${RUN_PREFIX[@]}"} $runner "$binary"; then
    echo "=== $name: ok ($((SECONDS - started)) s)"
  else
    echo "=== $name: RUN FAILED (exit $?)"
    failures+=("$name (run)")
  fi
}

# run_configuration NAME FLAGS...: the host's compiler, run natively.
run_configuration() {
  local name=$1
  shift
  build_and_run "$name" "$BUILD_DIR/c-tests-$name" "" "$CC" "${COMMON[@]}" -pthread "$@" "${SOURCES[@]}"
}

# skip NAME REASON: a configuration that cannot run on this machine, in one line.
skip() {
  echo "=== $1: SKIPPED: $2"
  skipped+=("$1")
}

# Installing is CI's (CI=true, as CI services set it): the tools' installer
# (.ci/c-cross-install.sh) runs only there, and only for what is missing.
# Everywhere else a configuration without its tools skips.
# usable TOOLS_CHECK: true if TOOLS_CHECK passes, after installing in CI.
usable() {
  "$1" && return 0
  [ "${CI:-}" = true ] || return 1
  bash .ci/c-cross-install.sh && "$1"
}

# Windows: mingw-w64's gcc of the flavour find_mingw chose, then clang over
# that flavour's headers and libraries, both run under wine in a prefix made
# here.
windows_configuration() {
  local started=$SECONDS
  if ! usable windows_tools; then
    skip "windows, windows-clang" "no mingw-w64 gcc or wine64 here (CI installs them: .ci/c-cross-install.sh)"
    return
  fi
  echo "=== windows: $MINGW_GCC ($MINGW_FLAVOUR flavour, $MINGW_LIBDIR), $WINE"
  export WINEPREFIX="$BUILD_DIR/wine" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
  if ! "$WINE" wineboot --init >"$BUILD_DIR/wineboot.log" 2>&1; then
    cat "$BUILD_DIR/wineboot.log"
    echo "=== windows: RUN FAILED (wineboot)"
    failures+=("windows (wineboot)")
    return
  fi
  echo "=== windows: tools and wine prefix: $((SECONDS - started)) s"
  # -static: with the posix flavour the binary would otherwise need
  # libwinpthread-1.dll, which wine does not find.
  build_and_run windows "$BUILD_DIR/c-tests-windows.exe" "$WINE" "$MINGW_GCC" "${COMMON[@]}" -O2 -static \
    "${SOURCES[@]}"
  # clang, the compiler Swift uses on Windows, over the same mingw-w64 headers
  # and libraries: its _Thread_local is native TLS where gcc's is emulated.
  # Left to itself, clang picks the gcc lib dir of the highest version under
  # /usr/lib/gcc/x86_64-w64-mingw32, 12-win32 before 12-posix, even where
  # 12-win32 holds only the win32 runtime's DLLs (the posix gcc beside the
  # win32 runtime): then lld finds no libgcc or libgcc_eh. Nor can one be
  # named: --gcc-install-dir is unused for mingw-w64. So clang gets a sysroot
  # made here, where the chosen flavour's lib dir is the only one: its mingw-w64
  # driver takes the headers and libraries from <sysroot>/x86_64-w64-mingw32
  # and the gcc lib dir from <sysroot>/lib/gcc/x86_64-w64-mingw32/<version>.
  local sysroot="$BUILD_DIR/mingw-sysroot" target_dir
  target_dir=$(dirname "$(dirname "$("$MINGW_GCC" -print-file-name=libmingw32.a)")")
  mkdir -p "$sysroot/lib/gcc/x86_64-w64-mingw32"
  ln -s "$target_dir" "$sysroot/x86_64-w64-mingw32"
  ln -s "$MINGW_LIBDIR" "$sysroot/lib/gcc/x86_64-w64-mingw32/$(basename "$MINGW_LIBDIR")"
  build_and_run windows-clang "$BUILD_DIR/c-tests-windows-clang.exe" "$WINE" "$CC" --target=x86_64-w64-mingw32 \
    --sysroot="$sysroot" -fuse-ld=lld "${COMMON[@]}" -O2 -static "${SOURCES[@]}"
}

# WASI: the host's clang for wasm32-wasi against Debian's wasi-libc, with
# Debian's compiler-rt builtins for wasm32 (passed by path, since they sit in
# clang 14's resource directory), run by PyPI's wasmtime.
wasi_configuration() {
  local started=$SECONDS
  if ! usable wasi_tools; then
    skip wasi "no wasi-libc, wasm32 builtins or Python's wasmtime here (CI installs them: .ci/c-cross-install.sh)"
    return
  fi
  if [ ! -x "$(dirname "$(command -v "$CC")")/wasm-ld" ] && ! command -v wasm-ld >/dev/null 2>&1; then
    skip wasi "no wasm-ld beside $CC or on PATH"
    return
  fi
  echo "=== wasi: tools: $((SECONDS - started)) s"
  build_and_run wasi "$BUILD_DIR/c-tests-wasi.wasm" "python3 .ci/wasi-run.py" "$CC" --target=wasm32-wasi \
    --sysroot=/usr -nodefaultlibs "${COMMON[@]}" -O2 "${SOURCES[@]}" -lc "$WASI_BUILTINS"
}

# Darwin: compiled, not run. glibc's headers stand in for the SDK's C library,
# as in .ci/apple-targets.sh: Apple's nullability keywords undefined (glibc's
# own `__nonnull((1))` would not parse), 64-bit word sizes (and no i386 attributes) for arm64, and
# Tests/AppleTargets/Platform/include for what glibc lacks (<os/lock.h>, and
# <pthread.h>'s Darwin-only calls).
darwin_configuration() {
  if [ ! -d /usr/include/x86_64-linux-gnu ]; then
    skip darwin "no x86_64 glibc headers to stand in for the SDK's C library"
    return
  fi
  local started=$SECONDS lp64="$BUILD_DIR/lp64" triple source count=0
  mkdir -p "$lp64/gnu" "$lp64/bits" "$BUILD_DIR/darwin"
  echo '#include <gnu/stubs-64.h>' >"$lp64/gnu/stubs.h"
  printf '#define __WORDSIZE 64\n#define __WORDSIZE_TIME64_COMPAT32 1\n#define __SYSCALL_WORDSIZE 64\n' \
    >"$lp64/bits/wordsize.h"
  # x86's glibc gives pthread's cleanup functions i386's regparm unless it sees
  # __x86_64__, and clang rejects the attribute for arm64.
  printf '#include_next <bits/pthreadtypes-arch.h>\n#undef __cleanup_fct_attribute\n#define __cleanup_fct_attribute\n' \
    >"$lp64/bits/pthreadtypes-arch.h"
  for triple in arm64-apple-ios13.0 x86_64-apple-macos10.15; do
    echo "=== configuration: darwin $triple (compile only)"
    for source in "${SOURCES[@]}"; do
      if ! "$CC" --target="$triple" "${COMMON[@]}" -O2 -U__nonnull -U__nullable \
        -ITests/AppleTargets/Platform/include -isystem "$lp64" -isystem /usr/include/x86_64-linux-gnu \
        -isystem /usr/include -c "$source" -o "$BUILD_DIR/darwin/$(basename "$source").o"; then
        echo "=== darwin $triple: BUILD FAILED ($source)"
        failures+=("darwin $triple (build $source)")
        continue
      fi
      count=$((count + 1))
    done
  done
  echo "=== darwin: compiled $count of $((2 * ${#SOURCES[@]})) objects ($((SECONDS - started)) s)"
}

mode=all
case "${1:-}" in
  "") ;;
  --host) mode=host ;;
  --cross) mode=cross ;;
  *)
    echo "usage: $0 [--host | --cross]" >&2
    exit 2
    ;;
esac

if [ "$mode" != cross ]; then
  run_configuration plain -O2
  run_configuration pthread-key -O2 -DPERCEPTION_USE_PTHREAD_KEY
  run_configuration asan-ubsan -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer \
    -g -O1 ${SANITIZER_LINK[@]+"${SANITIZER_LINK[@]}"}
  run_configuration tsan -fsanitize=thread -g -O1 ${SANITIZER_LINK[@]+"${SANITIZER_LINK[@]}"} \
    ${TSAN_LINK[@]+"${TSAN_LINK[@]}"}
  if [ "$(uname -s)" = Linux ]; then
    run_configuration posix -O2 -DPERCEPTION_GENERIC_POSIX
  else
    skip posix "generic POSIX is forced on Linux only; CI runs it"
  fi
fi
if [ "$mode" != host ]; then
  if [ "$(uname -s)" = Linux ]; then
    windows_configuration
    wasi_configuration
    darwin_configuration
  else
    skip "windows, wasi, darwin" "the cross configurations run on Linux only; CI runs them"
  fi
fi

if [ ${#skipped[@]} -ne 0 ]; then
  echo "c-tests: skipped (could not run here): ${skipped[*]}"
fi
if [ ${#failures[@]} -ne 0 ]; then
  echo "c-tests: FAILED: ${failures[*]}"
  exit 1
fi
echo "c-tests: all configurations that could run passed"
