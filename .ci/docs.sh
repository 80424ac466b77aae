#!/usr/bin/env bash
# Builds the DocC documentation of Perception, PerceptionCore and PerceptionTestSupport with the
# toolchain's own docc (no plugin, no dependency), and fails on any docc warning, on any public
# symbol whose documentation has no abstract, and on any symbol that no Topics section places.
#
# 1. `swift package dump-symbol-graph` writes one symbol graph per module. Perception's holds
#    only Perception's own symbols (the macros): the symbols of PerceptionCore, which it
#    re-exports, stay in PerceptionCore's graph, so each symbol is documented once, in the
#    module that declares it.
# 2. `docc convert --warnings-as-errors --experimental-documentation-coverage` builds each
#    catalog against its module's graph; the coverage JSON must say that every symbol has an
#    abstract and is curated. PerceptionCore is converted first, so that Perception's pages
#    can link its symbols and articles (``/PerceptionCore/...``, resolved through docc's
#    experimental --dependency), and PerceptionTestSupport's, converted last, can link both;
#    links the other way are not possible, and name the later modules' pages in plain text.
# 3. The SwiftUI shells (Sources/PerceptionCore/SwiftUI) are compiled on Linux only in the test
#    target PerceptionSwiftUITests, against the SwiftUI stand-in, so they are not in
#    Perception's graph here. Their abstracts are checked in that test module's symbol graph;
#    the Perception catalog describes them in an article (they exist on Apple platforms).
#
# The archives land in .build/docs (one per module, and all merged in
# Documentation.doccarchive); Tests/README.md says how to preview them.
#
# The Performance article repeats the latest benchmark figures of Benchmarks/README.md (the
# benchmark's own note, where a new full run's figures are written) between its "BEGIN benchmark
# figures" and "END benchmark figures" markers; this script fails when the two differ, and
# `bash .ci/docs.sh --sync-figures` copies the note's figures into the article.
set -euo pipefail
cd "$(dirname "$0")/.."
# Warnings are errors, as in the build .ci/test.sh makes (Package.swift), and with the same
# settings, so that after it nothing is compiled again.
export PERCEPTION_WARNINGS_AS_ERRORS=1

step() { printf '\n==> %s\n' "$*"; }

# Compares (Check) or copies (Sync) Benchmarks/README.md's figures, from "Latest full run" to the
# end of the table that follows the figures table, with the article's marked section.
figures() {
  python3 - "$1" << 'EOF'
import re, sys

mode = sys.argv[1]
source = "Benchmarks/README.md"
readme = open(source).read().split("\n")
start = next((i for i, line in enumerate(readme) if line.startswith("Latest full run")), None)
if start is None:
    sys.exit(f"error: {source} has no paragraph starting \"Latest full run\"")
end, tables, in_table = start, 0, False
for end in range(start, len(readme)):
    if readme[end].startswith("|") and not in_table:
        tables, in_table = tables + 1, True
    elif not readme[end].startswith("|") and in_table:
        in_table = False
        if tables == 2:
            break
figures = "\n".join(readme[start:end]).strip()

path = "Sources/PerceptionCore/PerceptionCore.docc/Articles/Performance.md"
article = open(path).read()
marked = re.compile(r"(<!-- BEGIN benchmark figures[^\n]*-->\n\n### Latest figures\n\n)(.*?)"
                    r"(\n\n<!-- END benchmark figures -->)", re.S)
match = marked.search(article)
if not match:
    sys.exit(f"error: {path} has lost its benchmark figures markers")
if mode == "Sync":
    open(path, "w").write(article[:match.start(2)] + figures + article[match.end(2):])
    print(f"copied {source}'s figures into {path}")
elif not figures or match.group(2).strip() != figures:
    sys.exit(f"error: {path} and {source} give different benchmark figures; "
             "run bash .ci/docs.sh --sync-figures")
else:
    print("the same figures")
EOF
}

if [ "${1:-}" = --sync-figures ]; then
  figures Sync
  exit 0
fi

# The docc next to the swift driver: the toolchain's own.
docc="${DOCC:-}"
if [ -z "$docc" ]; then
  if command -v xcrun > /dev/null 2>&1; then
    docc="$(xcrun --find docc)"
  else
    docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
  fi
fi
out=.build/docs
modules=(PerceptionCore Perception PerceptionTestSupport)

rm -rf "$out"
mkdir -p "$out"

step "swift package dump-symbol-graph"
bin="$(swift build --show-bin-path)"
graphs="$(dirname "$bin")/symbolgraph"
rm -rf "$graphs"
# SwiftPM on Linux also tries the test-discovery modules, which it never builds here, and
# exits 1 for them: tolerate exactly that, and require the two graphs this script needs.
if ! swift package dump-symbol-graph --minimum-access-level public \
  --skip-synthesized-members > "$out/dump-symbol-graph.log" 2>&1; then
  if grep '^error:' "$out/dump-symbol-graph.log" \
    | grep -vE "Failed to emit symbol graph for '[A-Za-z]+Package(Discovered)?Tests'"; then
    cat "$out/dump-symbol-graph.log" >&2
    exit 1
  fi
fi
for module in "${modules[@]}"; do
  if [ ! -s "$graphs/$module.symbols.json" ]; then
    cat "$out/dump-symbol-graph.log" >&2
    echo "error: no symbol graph for $module in $graphs" >&2
    exit 1
  fi
  # One directory per module: docc documents every graph in the directory it is given.
  mkdir -p "$out/symbol-graphs/$module"
  # With the graphs of its extensions to other modules' types (Perception@SwiftUI on Apple
  # platforms), which are its own symbols too.
  cp "$graphs/$module.symbols.json" "$out/symbol-graphs/$module/"
  for extension in "$graphs/$module"@*.symbols.json; do
    if [ -e "$extension" ]; then cp "$extension" "$out/symbol-graphs/$module/"; fi
  done
done

# Each archive can be linked from the ones built after it: Perception's pages link
# PerceptionCore's symbols and articles (``/PerceptionCore/...``) through --dependency.
dependencies=()
for module in "${modules[@]}"; do
  step "docc convert $module"
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$out/symbol-graphs/$module" \
    --enable-experimental-external-link-support \
    ${dependencies[@]+"${dependencies[@]}"} \
    --output-path "$out/$module.doccarchive" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "$module" \
    --warnings-as-errors \
    --experimental-documentation-coverage \
    --coverage-summary-level brief
  dependencies+=(--dependency "$out/$module.doccarchive")
done

step "the Performance article's figures are Benchmarks/README.md's"
figures Check

step "every symbol has an abstract and a place in a Topics section"
# On Apple platforms Perception's graph also holds the SwiftUI shells, which the catalog cannot
# curate (they do not exist on Linux, where a link to them would be a warning): there, docc
# groups them automatically, and only a missing abstract fails.
python3 - "$out" "$(uname)" "${modules[@]}" << 'EOF'
import json, sys

out, system, modules = sys.argv[1], sys.argv[2], sys.argv[3:]
failed = False
for module in modules:
    entries = json.load(open(f"{out}/{module}.doccarchive/documentation-coverage.json"))
    symbols = [e for e in entries if e["kind"].get("isSymbol")]
    def paths(condition):
        return sorted(e["referencePath"].split("/documentation/", 1)[1]
                      for e in symbols if condition(e))
    missing = paths(lambda e: not e["hasAbstract"])
    uncurated = paths(lambda e: not e["isCurated"])
    print(f"{module}: {len(symbols) - len(missing)}/{len(symbols)} symbols have an abstract, "
          f"{len(symbols) - len(uncurated)}/{len(symbols)} are curated")
    for path in missing:
        print(f"error: {path} has no abstract", file=sys.stderr)
    severity = "error" if system == "Linux" else "note"
    for path in uncurated:
        print(f"{severity}: {path} is in no Topics section (docc groups it automatically)",
              file=sys.stderr)
    failed |= bool(missing or (uncurated and system == "Linux"))
sys.exit(1 if failed else 0)
EOF

step "the SwiftUI shells' abstracts (compiled against the stand-in)"
if [ "$(uname)" = Linux ]; then
  swift build --target PerceptionSwiftUITests > "$out/shells-build.log" 2>&1 \
    || { cat "$out/shells-build.log" >&2; exit 1; }
  mkdir -p "$out/shells"
  "$(dirname "$docc")/swift-symbolgraph-extract" -module-name PerceptionSwiftUITests \
    -target "$(basename "$(dirname "$bin")")" -I "$bin/Modules" \
    -Xcc "-fmodule-map-file=$bin/CPerceptionRuntime.build/module.modulemap" \
    -Xcc -I -Xcc CPerceptionRuntime/include \
    -minimum-access-level public -skip-synthesized-members -output-dir "$out/shells"
  python3 - "$out/shells" Sources/PerceptionCore/SwiftUI << 'EOF'
import glob, json, os, sys

directory, sources = sys.argv[1], sys.argv[2]
shells = set(os.listdir(sources))
checked, missing = 0, []
for path in glob.glob(f"{directory}/*.symbols.json"):
    for symbol in json.load(open(path))["symbols"]:
        if os.path.basename(symbol.get("location", {}).get("uri", "")) not in shells:
            continue
        checked += 1
        comment = symbol.get("docComment") or {}
        lines = comment.get("lines", [])
        # A comment from another module is the protocol requirement's, inherited.
        inherited = comment.get("module", "PerceptionSwiftUITests") != "PerceptionSwiftUITests"
        if inherited or not lines or not lines[0]["text"].strip():
            missing.append(".".join(symbol["pathComponents"]))
print(f"SwiftUI shells: {checked - len(missing)}/{checked} symbols have an abstract")
for name in sorted(missing):
    print(f"error: {name} (Sources/PerceptionCore/SwiftUI) has no abstract", file=sys.stderr)
if missing or checked == 0:
    sys.exit(1)
EOF
else
  echo "skipped: the shells compile against the real SwiftUI here, into Perception's graph"
fi

step "merged archive"
"$docc" merge "$out/PerceptionCore.doccarchive" "$out/Perception.doccarchive" \
  "$out/PerceptionTestSupport.doccarchive" \
  --output-path "$out/Documentation.doccarchive" > /dev/null
echo "built $out/Documentation.doccarchive"
