#!/usr/bin/env bash
# Builds ArchiveModel's documentation (Sources/ArchiveModel/ArchiveModel.docc plus the library's
# symbols) with the toolchain's own docc, treating every warning as an error: a broken symbol link or
# article reference fails the run (CI's documentation step). Needs no plugin and no network:
# `swift package dump-symbol-graph` writes the symbol graphs, `docc convert` reads them.
#
#   scripts/build-docs.sh [OUTPUT]      # default .build/docs/ArchiveModel.doccarchive
# Browse the result with `docc preview`, or serve OUTPUT as a static site (docc's
# --transform-for-static-hosting is applied).
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/docs/ArchiveModel.doccarchive}

# On a tree whose tests were never built, the dump fails on the test modules after it has written the
# library's graphs: its status is not the test, the library's graph is.
log=$(swift package dump-symbol-graph --skip-synthesized-members 2>&1) || true
written=$(printf '%s\n' "$log" | sed -n 's/^Files written to //p' | tail -n 1)
[ -n "$written" ] || written="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
if [ ! -f "$written/ArchiveModel.symbols.json" ]; then
  printf '%s\n' "$log" | tail -n 20 >&2
  echo "build-docs.sh: dump-symbol-graph wrote no symbol graph for ArchiveModel" >&2
  exit 1
fi
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
cp "$written"/ArchiveModel.symbols.json "$graphs"/
cp "$written"/ArchiveModel@*.symbols.json "$graphs"/ 2>/dev/null || true

docc=$(command -v docc || xcrun --find docc)
mkdir -p "$(dirname "$output")"
"$docc" convert Sources/ArchiveModel/ArchiveModel.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name ArchiveModel --fallback-bundle-identifier archive-browse.ArchiveModel \
  --transform-for-static-hosting --warnings-as-errors \
  --output-path "$output"
echo "build-docs.sh: wrote $output"
