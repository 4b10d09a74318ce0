#!/usr/bin/env bash
# Writes ArchiveModel's symbol graph (public symbols only) into DIR, for scripts/build-docs.sh (DocC)
# and scripts/public-api.sh (the committed list of the public API): one place that knows how the
# graph is extracted. No network.
#
# ArchiveModel is an umbrella over the library's layer targets (docs/ARCHITECTURE.md, "The targets"),
# so its graph is extracted with the layers it re-exports (`@_exported import` in
# Sources/ArchiveModel/ArchiveModel.swift) allowed in: one module, ArchiveModel, with every public
# symbol a caller can reach, as `swift package dump-symbol-graph` (one graph per target) cannot give.
#
#   scripts/symbol-graph.sh DIR
# ARCHIVE_BROWSE_SCRATCH_PATH (default .build) is the build directory, as `swift build --scratch-path` takes it.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: scripts/symbol-graph.sh DIR}
scratch=${ARCHIVE_BROWSE_SCRATCH_PATH:-.build}

swift build --scratch-path "$scratch" --target ArchiveModel >&2
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
layers=$(sed -n 's/^@_exported import //p' Sources/ArchiveModel/ArchiveModel.swift | paste -sd, -)
sdk=()
if command -v xcrun >/dev/null 2>&1; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi   # Darwin

mkdir -p "$dir"
swift-symbolgraph-extract -module-name ArchiveModel "${sdk[@]}" \
  -I "$bin/Modules" -I "$bin" \
  -Xcc -fmodule-map-file="$bin/CMappingGuard.build/module.modulemap" -Xcc -I -Xcc Sources/CMappingGuard/include \
  -I Sources/CZlib -I Sources/CSQLite \
  -minimum-access-level public -skip-synthesized-members \
  -experimental-allowed-reexported-modules="$layers" \
  -output-dir "$dir"
if [ ! -f "$dir/ArchiveModel.symbols.json" ]; then
  echo "symbol-graph.sh: no symbol graph for ArchiveModel was written" >&2
  exit 1
fi
