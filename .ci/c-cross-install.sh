#!/usr/bin/env bash
# Installs what the C tests' cross configurations (.ci/c-tests.sh --cross) lack, on Debian, as
# root: mingw-w64's win32 flavour and wine64 unless a mingw-w64 gcc and wine are found, and
# wasi-libc, compiler-rt's wasm32 builtins and PyPI's wasmtime unless all three are found
# (.ci/c-cross-tools.sh says how each is found). CI's alone: .ci/matrix.sh starts it in the
# background, so that the downloads overlap the Swift builds, and .ci/c-tests.sh calls it
# where CI=true; nothing a contributor runs calls it. Fails, saying why, where something
# could not be installed; the configuration that needs it then skips.
set -u
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=c-cross-tools.sh
source .ci/c-cross-tools.sh

started=$SECONDS
if [ "$(uname -s)" != Linux ]; then
  echo "c-cross-install: the cross configurations run on Linux only; nothing to install"
  exit 0
fi
log=$(mktemp "${TMPDIR:-/tmp}/perception-c-cross-install.XXXXXX") || exit 1
trap 'rm -f "$log"' EXIT

# install_packages PACKAGE...: installs the Debian packages that are missing, quietly. Fails
# where there is no apt-get, no root, or no such package.
apt_updated=""
install_packages() {
  local missing=() package
  for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed'; then
      missing+=("$package")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
    echo "c-cross-install: cannot install ${missing[*]}: no apt-get, or not root"
    return 1
  fi
  echo "c-cross-install: installing ${missing[*]}"
  if [ -z "$apt_updated" ]; then
    apt-get update -qq >"$log" 2>&1 || { cat "$log"; return 1; }
    apt_updated=1
  fi
  # Waits for another apt-get's lock rather than failing at once.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=120 "${missing[@]}" >"$log" 2>&1 || { tail -n 20 "$log"; return 1; }
}

# install_wasmtime: PyPI's wasmtime, unless Python already has it.
install_wasmtime() {
  python3 -c 'import wasmtime' >/dev/null 2>&1 && return 0
  echo "c-cross-install: installing PyPI's wasmtime"
  python3 -m pip install --quiet --disable-pip-version-check wasmtime >"$log" 2>&1 ||
    { cat "$log"; return 1; }
}

status=0
# The win32 flavour alone: the one find_mingw prefers.
if ! windows_tools; then
  install_packages gcc-mingw-w64-x86-64-win32 wine64 && windows_tools || status=1
fi
if ! wasi_tools; then
  { install_packages wasi-libc libclang-rt-14-dev-wasm32 && install_wasmtime && wasi_tools; } || status=1
fi
echo "c-cross-install: done in $((SECONDS - started)) s$([ $status -eq 0 ] || echo ', with failures')"
exit $status
