#!/usr/bin/env bash
# ArchiveModel's public API, from its symbol graph, against the committed list docs/public-api.txt
# (docs/ARCHITECTURE.md, "The library's public API"): fails when a declaration became public, stopped
# being public or changed its signature without the list being regenerated (CI's API step). After an
# intended change, regenerate the list with --write and commit it with the change.
#
#   scripts/public-api.sh            # compare; exit 1 with the difference when they differ
#   scripts/public-api.sh --write    # regenerate docs/public-api.txt
# ARCHIVE_BROWSE_SCRATCH_PATH (default .build): the build directory, as for scripts/symbol-graph.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
scripts/symbol-graph.sh "$graphs"
python3 scripts/public_api.py "$graphs" > "$graphs/public-api.txt"

if [ "${1:-}" = "--write" ]; then
  cp "$graphs/public-api.txt" docs/public-api.txt
  echo "public-api.sh: wrote docs/public-api.txt ($(grep -vc '^#' docs/public-api.txt) lines)"
  exit 0
fi
if ! diff -u docs/public-api.txt "$graphs/public-api.txt"; then
  echo "public-api.sh: ArchiveModel's public API is not docs/public-api.txt (+ lines are new in the code)." >&2
  echo "  A symbol only the package needs is 'package', not 'public'; if the change is meant, run" >&2
  echo "  scripts/public-api.sh --write and commit docs/public-api.txt with it." >&2
  exit 1
fi
echo "public-api.sh: the public API is docs/public-api.txt ($(grep -vc '^#' docs/public-api.txt) lines)"
