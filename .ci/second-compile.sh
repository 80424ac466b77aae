# Sourced by the scripts that compile part of the package a second time with swiftc, against a
# stand-in (`.ci/swiftui-stand-in.sh`, `.ci/observation-27-stand-in.sh`), after the debug build.
#
# second_compile_setup OUT: sets `bin` (the debug build's products), empties OUT, and sets
# `package_name` to the name SwiftPM passes as `-package-name`, so that the second compile
# sees the package's `package` declarations as the first did.
second_compile_setup() {
  bin="$(swift build --show-bin-path)"
  rm -rf "$1"
  mkdir -p "$1"
  package_name="$(python3 -c '
import json, sys
arguments = json.dumps(json.load(open(sys.argv[1])))
marker = "\"-package-name\", \""
start = arguments.index(marker) + len(marker)
print(arguments[start:arguments.index("\"", start)])
' "$bin/description.json")"
}
