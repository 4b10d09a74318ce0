#!/usr/bin/env bash
# Issue 42's measurement: every binary archive of the shared corpus (keyed and plain binary plists,
# typedstreams, NIBArchives, up to 300 KB) put through each line-ending conversion that changes it
# (CR->LF, CRLF->LF, LF->CRLF, CR->CRLF, as Python's bytes.replace states them), then repaired in
# process as --repair does (release build, 20 s per search); prints the share restored byte for byte
# and the share restored to a file with no broken invariant, per format and conversion.
#   scripts/repair-rate.sh [--list] [CORPUS]
set -euo pipefail
cd "$(dirname "$0")/.."
list=()
[ "${1:-}" = "--list" ] && { list=(--list); shift; }
corpus=${1:-../shared/corpus}
swift build -c release --product repair-rate >&2
.build/release/repair-rate "${list[@]}" "$corpus/keyed-binary" "$corpus/plist" "$corpus/typedstream" "$corpus/nibarchive" \
  "$corpus/ib3xml" "$corpus/corrupt"
