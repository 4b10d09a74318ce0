#!/usr/bin/env bash
# Builds ArchiveModel's documentation (Sources/ArchiveModel/ArchiveModel.docc plus the library's
# symbols) with the toolchain's own docc, treating every warning as an error: a broken symbol link or
# article reference fails the run (CI's documentation step). Needs no plugin and no network:
# scripts/symbol-graph.sh writes the public symbol graphs, `docc convert` reads them. Only public
# symbols are documented: an article may link a `package` one no more than a caller may use it.
#
#   scripts/build-docs.sh [OUTPUT]      # default .build/docs/ArchiveModel.doccarchive
# Browse the result with `docc preview`, or serve OUTPUT as a static site (docc's
# --transform-for-static-hosting is applied).
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/docs/ArchiveModel.doccarchive}

graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
scripts/symbol-graph.sh "$graphs"

docc=$(command -v docc || xcrun --find docc)
mkdir -p "$(dirname "$output")"
"$docc" convert Sources/ArchiveModel/ArchiveModel.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name ArchiveModel --fallback-bundle-identifier archive-browse.ArchiveModel \
  --transform-for-static-hosting --warnings-as-errors \
  --output-path "$output"
echo "build-docs.sh: wrote $output"
