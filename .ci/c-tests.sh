#!/usr/bin/env bash
# Builds and runs the C runtime's tests (Tests/CPerceptionRuntimeTests) outside
# SwiftPM, one configuration per platform branch of perception_platform.h (its
# table says which configuration tests which branch):
#   on the host: -O2, the pthread-key slot, ASan+UBSan, TSan, and generic POSIX
#     (Linux's own branches turned off);
#   windows, windows-clang: x86_64 with mingw-w64's gcc, then with clang over
#     mingw-w64's headers and libraries, run under wine;
#   wasi: wasm32-wasi without threads, run under wasmtime;
#   darwin: the runtime's and the tests' .c files compiled (not run) for
#     arm64-apple-ios13.0 and x86_64-apple-macos10.15 against glibc's headers and
#     the stand-ins in Tests/AppleTargets/Platform.
# A cross configuration installs what it needs (apt-get, pip) and skips with a
# loud line where it cannot; a configuration that builds and fails fails the run.
# Binaries, the wine prefix and the lp64 headers go to a temp dir.
#
# Usage: .ci/c-tests.sh            (from anywhere; CC overrides clang)
#        .ci/c-tests.sh --install  only installs what the cross configurations
#                                  need; .ci/test.sh starts it first, so that the
#                                  downloads overlap the Swift builds.
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

# skip NAME REASON: a configuration that cannot run on this machine, said loudly.
skip() {
  echo "=== $1: SKIPPED: $2"
  echo "WARNING: c-tests: the $1 configuration did not run"
  skipped+=("$1")
}

# install_packages PACKAGE...: installs the Debian packages that are missing,
# quietly. Fails where there is no apt-get, no root, or no such package.
APT_UPDATED=""
install_packages() {
  local missing=() package
  for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed'; then
      missing+=("$package")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
    echo "cannot install ${missing[*]}: no apt-get, or not root"
    return 1
  fi
  echo "installing ${missing[*]}"
  if [ -z "$APT_UPDATED" ]; then
    apt-get update -qq >"$BUILD_DIR/apt.log" 2>&1 || { cat "$BUILD_DIR/apt.log"; return 1; }
    APT_UPDATED=1
  fi
  # Waits for another apt-get's lock rather than failing at once.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=120 "${missing[@]}" >"$BUILD_DIR/apt.log" 2>&1 ||
    { tail -n 20 "$BUILD_DIR/apt.log"; return 1; }
}

# What the cross configurations install.
WINDOWS_PACKAGES=(gcc-mingw-w64-x86-64-win32 wine64)
WASI_PACKAGES=(wasi-libc libclang-rt-14-dev-wasm32)

# install_wasmtime: PyPI's wasmtime, unless Python already has it.
install_wasmtime() {
  python3 -c 'import wasmtime' >/dev/null 2>&1 && return 0
  python3 -m pip install --quiet --disable-pip-version-check wasmtime >"$BUILD_DIR/pip.log" 2>&1 ||
    { cat "$BUILD_DIR/pip.log"; return 1; }
}

# Windows: mingw-w64's gcc, with Windows' own threads (its win32 flavour; the
# tests start theirs with CreateThread), run under wine in a prefix made here.
windows_configuration() {
  local started=$SECONDS
  if ! install_packages "${WINDOWS_PACKAGES[@]}"; then
    skip windows "mingw-w64 or wine could not be installed"
    return
  fi
  local compiler wine
  compiler=$(command -v x86_64-w64-mingw32-gcc-win32 || command -v x86_64-w64-mingw32-gcc)
  # Debian's wine64 without the `wine` package has no command on PATH.
  wine=$(command -v wine64 || command -v wine || ls /usr/lib/wine/wine64 2>/dev/null)
  WINESERVER=$(command -v wineserver || ls /usr/lib/wine/wineserver64 2>/dev/null)
  if [ -z "$compiler" ] || [ -z "$wine" ]; then
    skip windows "installed, but no x86_64-w64-mingw32-gcc or wine64 found"
    return
  fi
  export WINEPREFIX="$BUILD_DIR/wine" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
  if ! "$wine" wineboot --init >"$BUILD_DIR/wineboot.log" 2>&1; then
    cat "$BUILD_DIR/wineboot.log"
    echo "=== windows: RUN FAILED (wineboot)"
    failures+=("windows (wineboot)")
    return
  fi
  echo "=== windows: installs and wine prefix: $((SECONDS - started)) s"
  build_and_run windows "$BUILD_DIR/c-tests-windows.exe" "$wine" "$compiler" "${COMMON[@]}" -O2 \
    "${SOURCES[@]}"
  # clang, the compiler Swift uses on Windows, over the same mingw-w64 headers
  # and libraries: its _Thread_local is native TLS where gcc's is emulated.
  build_and_run windows-clang "$BUILD_DIR/c-tests-windows-clang.exe" "$wine" "$CC" --target=x86_64-w64-mingw32 \
    -fuse-ld=lld "${COMMON[@]}" -O2 "${SOURCES[@]}"
}

# WASI: the host's clang for wasm32-wasi against Debian's wasi-libc, with
# Debian's compiler-rt builtins for wasm32 (passed by path, since they sit in
# clang 14's resource directory), run by PyPI's wasmtime.
wasi_configuration() {
  local started=$SECONDS
  if ! install_packages "${WASI_PACKAGES[@]}"; then
    skip wasi "wasi-libc or the wasm32 builtins could not be installed"
    return
  fi
  if ! install_wasmtime; then
    skip wasi "PyPI's wasmtime could not be installed"
    return
  fi
  local builtins=/usr/lib/llvm-14/lib/clang/14.0.6/lib/wasi/libclang_rt.builtins-wasm32.a
  if [ ! -e "$builtins" ]; then
    skip wasi "no $builtins"
    return
  fi
  if [ ! -x "$(dirname "$(command -v "$CC")")/wasm-ld" ] && ! command -v wasm-ld >/dev/null 2>&1; then
    skip wasi "no wasm-ld beside $CC or on PATH"
    return
  fi
  echo "=== wasi: installs: $((SECONDS - started)) s"
  build_and_run wasi "$BUILD_DIR/c-tests-wasi.wasm" "python3 .ci/wasi-run.py" "$CC" --target=wasm32-wasi \
    --sysroot=/usr -nodefaultlibs "${COMMON[@]}" -O2 "${SOURCES[@]}" -lc "$builtins"
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

if [ "${1:-}" = --install ]; then
  # A failure here is not the run's: the configuration that needs the package
  # tries again, and skips loudly.
  started=$SECONDS
  if [ "$(uname -s)" = Linux ]; then
    install_packages "${WINDOWS_PACKAGES[@]}" "${WASI_PACKAGES[@]}" || true
    install_wasmtime || true
  fi
  echo "c-tests: installs done in $((SECONDS - started)) s"
  exit 0
fi

run_configuration plain -O2
run_configuration pthread-key -O2 -DPERCEPTION_USE_PTHREAD_KEY
run_configuration asan-ubsan -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g -O1 \
  ${SANITIZER_LINK[@]+"${SANITIZER_LINK[@]}"}
run_configuration tsan -fsanitize=thread -g -O1 ${SANITIZER_LINK[@]+"${SANITIZER_LINK[@]}"} ${TSAN_LINK[@]+"${TSAN_LINK[@]}"}
if [ "$(uname -s)" = Linux ]; then
  run_configuration posix -O2 -DPERCEPTION_GENERIC_POSIX
  windows_configuration
  wasi_configuration
  darwin_configuration
else
  skip posix "generic POSIX is forced only on Linux"
  skip windows "cross configurations run on Linux only"
  skip wasi "cross configurations run on Linux only"
  skip darwin "cross configurations run on Linux only"
fi

if [ ${#skipped[@]} -ne 0 ]; then
  echo "c-tests: SKIPPED (could not run here): ${skipped[*]}"
fi
if [ ${#failures[@]} -ne 0 ]; then
  echo "c-tests: FAILED: ${failures[*]}"
  exit 1
fi
echo "c-tests: all configurations that could run passed"
