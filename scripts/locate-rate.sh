#!/usr/bin/env bash
# Issue 24's measurement: over the shared corpus's binary keyed archives, the share of single-byte
# corruptions that Foundation's plist reader rejects and archive-browse locates (a diagnostic or one of
# its notes covering the changed byte or the object it belongs to), per region. Figures: ROBUSTNESS.md.
#
#   scripts/locate-rate.sh [--positions N] [--values K] [--seed S] [PATH...]   (default: ../shared/corpus/keyed-binary)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product locate-rate >/dev/null
has_path=0
for a in "$@"; do case "$a" in --*) ;; [0-9]*) ;; *) has_path=1 ;; esac; done
if [ $has_path = 0 ]; then set -- "$@" ../shared/corpus/keyed-binary; fi
exec .build/release/locate-rate "$@"
