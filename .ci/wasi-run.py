"""Runs a WASI command module under PyPI's wasmtime and exits with its exit code.

Usage: python3 .ci/wasi-run.py MODULE.wasm [ARGUMENT...]
The module sees its arguments and this process's standard streams, and no files.
"""

import sys

import wasmtime


def main() -> int:
    engine = wasmtime.Engine()
    store = wasmtime.Store(engine)
    config = wasmtime.WasiConfig()
    config.argv = sys.argv[1:]
    config.inherit_stdout()
    config.inherit_stderr()
    store.set_wasi(config)
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    instance = linker.instantiate(store, wasmtime.Module.from_file(engine, sys.argv[1]))
    try:
        instance.exports(store)["_start"](store)
    except wasmtime.ExitTrap as exit_trap:
        return exit_trap.code
    return 0


if __name__ == "__main__":
    sys.exit(main())
