#!/usr/bin/env bash
# Output equality over a corpus (issue 39): runs two archive-browse binaries (before and after a
# writer change) in each export mode on every file and compares their standard output byte for byte.
#
#   bench/compare_outputs.sh BEFORE AFTER [CORPUS_DIR]     (default ../shared/corpus)
#   MODES="--check --dump" bench/compare_outputs.sh BEFORE AFTER   (other modes: a change to what
#                                                                  every mode shares, such as probes)
#
# Prints one line per difference (mode, file, both sizes, first differing byte) and a summary; with
# python3, checks that every xml1 and binary1 output of AFTER loads in plistlib, and with swiftc (or
# FOUNDATION_PEER=PATH, a compiled bench/FoundationPeer.swift) that it loads in Foundation's
# PropertyListSerialization. Exit 0 when all outputs are equal and load, 1 otherwise.
set -uo pipefail
BEFORE=$1 AFTER=$2
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CORPUS=${3:-$REPO/../shared/corpus}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
files=0 compared=0 differ=0 unloadable=0 foundation_unloadable=0
PEER=${FOUNDATION_PEER:-}
if [ -z "$PEER" ] && command -v swiftc > /dev/null && swiftc -O "$REPO/bench/FoundationPeer.swift" -o "$TMP/FoundationPeer" 2>/dev/null; then
    PEER="$TMP/FoundationPeer"
fi
if [ -n "${MODES:-}" ]; then
    # "--check --dump --unarchive xml1" → "--check", "--dump", "--unarchive xml1"
    mapfile -t MODE_LIST < <(printf '%s\n' "$MODES" | sed 's/ --/\n--/g')
else
    MODE_LIST=("--unarchive json" "--unarchive xml1" "--unarchive binary1" "--json")
fi
while IFS= read -r -d '' f; do
    files=$((files + 1))
    for mode in "${MODE_LIST[@]}"; do
        # shellcheck disable=SC2086
        timeout 60 "$BEFORE" $mode "$f" > "$TMP/a" 2>/dev/null
        # shellcheck disable=SC2086
        timeout 60 "$AFTER" $mode "$f" > "$TMP/b" 2>/dev/null
        compared=$((compared + 1))
        if ! cmp -s "$TMP/a" "$TMP/b"; then
            differ=$((differ + 1))
            echo "differs: $mode ${f#"$CORPUS"/}: $(stat -c %s "$TMP/a") -> $(stat -c %s "$TMP/b") bytes; $(cmp "$TMP/a" "$TMP/b" 2>&1 | head -1)"
        fi
        case "$mode" in
            *xml1|*binary1)
                if [ -s "$TMP/b" ] && command -v python3 > /dev/null \
                    && ! python3 -c 'import plistlib, sys; plistlib.load(open(sys.argv[1], "rb"))' "$TMP/b" 2>/dev/null; then
                    unloadable=$((unloadable + 1))
                    echo "plistlib cannot load: $mode ${f#"$CORPUS"/}"
                fi
                if [ -s "$TMP/b" ] && [ -n "$PEER" ] && ! timeout 60 "$PEER" parse "$TMP/b" > /dev/null 2>&1; then
                    foundation_unloadable=$((foundation_unloadable + 1))
                    echo "Foundation cannot load: $mode ${f#"$CORPUS"/}"
                fi ;;
        esac
    done
done < <(find "$CORPUS" -type f ! -name '*.md' ! -name '*.tsv' -print0 | sort -z)
echo "$files files, $compared outputs compared: $differ differ; $unloadable plist outputs plistlib cannot load;" \
    "$([ -n "$PEER" ] && echo "$foundation_unloadable Foundation cannot load" || echo "Foundation not tried (no swiftc)")"
[ "$differ" -eq 0 ] && [ "$unloadable" -eq 0 ] && [ "$foundation_unloadable" -eq 0 ]
