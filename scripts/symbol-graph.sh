#!/usr/bin/env bash
# Writes ArchiveModel's symbol graphs (public symbols only) into DIR, for scripts/build-docs.sh (DocC)
# and scripts/public-api.sh (the committed list of the public API): one place that knows how
# `swift package dump-symbol-graph` is run and where it puts its files. No network.
#
#   scripts/symbol-graph.sh DIR
# ARCHIVE_BROWSE_SCRATCH_PATH (default .build) is the build directory, as `swift build --scratch-path` takes it.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: scripts/symbol-graph.sh DIR}
scratch=${ARCHIVE_BROWSE_SCRATCH_PATH:-.build}

# On a tree whose tests were never built, the dump fails on the test modules after it has written the
# library's graphs: its status is not the test, the library's graph is.
log=$(swift package --scratch-path "$scratch" dump-symbol-graph --skip-synthesized-members 2>&1) || true
written=$(printf '%s\n' "$log" | sed -n 's/^Files written to //p' | tail -n 1)
[ -n "$written" ] || written="$(dirname "$(swift build --scratch-path "$scratch" --show-bin-path)")/symbolgraph"
if [ ! -f "$written/ArchiveModel.symbols.json" ]; then
  printf '%s\n' "$log" | tail -n 20 >&2
  echo "symbol-graph.sh: dump-symbol-graph wrote no symbol graph for ArchiveModel" >&2
  exit 1
fi
mkdir -p "$dir"
cp "$written"/ArchiveModel.symbols.json "$dir"/
cp "$written"/ArchiveModel@*.symbols.json "$dir"/ 2>/dev/null || true
