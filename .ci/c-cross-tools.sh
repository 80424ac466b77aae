# Sourced by .ci/c-tests.sh and .ci/c-cross-install.sh: how the C tests' cross configurations
# find their tools, each explicitly, whatever else is installed. Each check sets what its
# configuration uses and fails where a tool is missing.

# find_mingw: sets MINGW_GCC, MINGW_FLAVOUR and MINGW_LIBDIR (the directory of that gcc's
# libgcc, libgcc_eh and crtbegin.o), or fails. mingw-w64's gcc comes in two flavours, each
# with a gcc and a lib dir of its own: win32 (Windows threads) and posix (winpthreads).
# Debian's gcc-mingw-w64-x86-64 installs both (/usr/lib/gcc/x86_64-w64-mingw32/12-win32 and
# 12-posix), its plain x86_64-w64-mingw32-gcc is an alternative pointing to either, and
# removing one flavour's gcc leaves its -runtime package's lib dir, DLLs without libgcc. The
# tests start their threads with CreateThread, so win32 is chosen where its gcc is there, else
# posix, else an unsuffixed gcc (other distributions, Homebrew): one gcc, named explicitly.
find_mingw() {
  local flavour
  MINGW_GCC=""
  for flavour in win32 posix; do
    if command -v "x86_64-w64-mingw32-gcc-$flavour" >/dev/null 2>&1; then
      MINGW_GCC=$(command -v "x86_64-w64-mingw32-gcc-$flavour")
      MINGW_FLAVOUR=$flavour
      break
    fi
  done
  if [ -z "$MINGW_GCC" ] && command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1; then
    MINGW_GCC=$(command -v x86_64-w64-mingw32-gcc)
    MINGW_FLAVOUR=unsuffixed
  fi
  [ -n "$MINGW_GCC" ] || return 1
  MINGW_LIBDIR=$(dirname "$("$MINGW_GCC" -print-libgcc-file-name)")
  [ -e "$MINGW_LIBDIR/crtbegin.o" ]
}

# find_wine: sets WINE and WINESERVER, or fails. Debian's wine64 without the `wine` package
# has no command on PATH.
find_wine() {
  WINE=$(command -v wine64 || command -v wine || ls /usr/lib/wine/wine64 2>/dev/null)
  WINESERVER=$(command -v wineserver || ls /usr/lib/wine/wineserver64 2>/dev/null)
  [ -n "$WINE" ] && [ -n "$WINESERVER" ]
}

windows_tools() { find_mingw && find_wine; }

# Debian's wasi-libc, and compiler-rt's wasm32 builtins in clang 14's resource directory (passed
# to the host clang by path), run by Python's wasmtime (.ci/wasi-run.py).
WASI_BUILTINS=/usr/lib/llvm-14/lib/clang/14.0.6/lib/wasi/libclang_rt.builtins-wasm32.a
wasi_tools() {
  [ -e /usr/lib/wasm32-wasi/libc.a ] && [ -e "$WASI_BUILTINS" ] &&
    python3 -c 'import wasmtime' >/dev/null 2>&1
}
