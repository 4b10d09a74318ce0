#!/usr/bin/env bash
# Worst-inputs memory section (issue 37 item 2): generates bench/worst.py's cases, runs --check,
# --json, --dump and the first screen (--screen 100x30 --keys '') on each, and reports peak RSS per
# input byte and seconds per MB against the ceiling: RSS <= 4 x file + 50 MB on every row; the
# 200 MB prose-after-'{' file must --check in under 10 s and under 1 GB. Rows over it are marked OVER.
#
#   bench/worst.sh --bin PATH [--work DIR] [--count N] [--depth D] [--prose "1M 10M 200M"]
#                  [--timeout S] [--modes "check json dump screen"] [--cases "bplist-badrefs ..."]
#
# Prints a Markdown table on stdout (paste it into bench/results.md). Inputs go to --work
# (default /tmp/ab-worst); nothing is written to the checkout. --cases keeps only the named cases of
# bench/worst.py (prose-brace stands for the --prose files); --prose "" leaves those out.
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BIN="" WORK=/tmp/ab-worst COUNT=1000000 DEPTH=100000 PROSE="1M 10M 200M" TIMEOUT=600
MODES="check json dump screen" CASES=""
while [ $# -gt 0 ]; do
    case "$1" in
        --bin) BIN=$2; shift ;;
        --work) WORK=$2; shift ;;
        --count) COUNT=$2; shift ;;
        --depth) DEPTH=$2; shift ;;
        --prose) PROSE=$2; shift ;;
        --timeout) TIMEOUT=$2; shift ;;
        --modes) MODES=$2; shift ;;
        --cases) CASES=$2; shift ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "worst.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
[ -x "$BIN" ] || { echo "worst.sh: --bin PATH to an archive-browse binary is required" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "worst.sh: needs GNU /usr/bin/time" >&2; exit 2; }
mkdir -p "$WORK"
log() { printf '[worst.sh %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

# gen NAME CASE ARGS... -> makes $WORK/NAME unless present (and unless --cases leaves CASE out)
gen() {
    local name=$1 case=$2; shift 2
    if [ -n "$CASES" ]; then case " $CASES " in *" $case "*) ;; *) return 0 ;; esac; fi
    [ -s "$WORK/$name" ] || python3 "$BENCH_DIR/worst.py" --case "$case" "$@" -o "$WORK/$name"
    FILES+=("$name")
}
FILES=()
for s in $PROSE; do gen "prose-brace-$s.txt" prose-brace --bytes "$s"; done
gen bplist-badrefs.plist bplist-badrefs --count "$COUNT"
gen bplist-onebyte.plist bplist-onebyte --count "$COUNT"
gen ts-classes.typedstream ts-classes --count "$COUNT"
gen nib-values.nib nib-values --count "$COUNT"
gen ib3-unknown.xib ib3-unknown --count "$COUNT"
gen deep-xml.plist deep-xml --depth "$DEPTH"
gen deep-openstep.plist deep-openstep --depth "$DEPTH"
gen deep-bplist.plist deep-bplist --depth "$DEPTH"
gen deep-ib3.xib deep-ib3 --depth "$DEPTH"

printf '| file | bytes | mode | exit | seconds | s/MB | peak RSS MB | RSS/byte | ceiling MB | verdict |\n'
printf '|---|---:|---|---:|---:|---:|---:|---:|---:|---|\n'
OVER=0
for name in "${FILES[@]}"; do
    path="$WORK/$name"
    size=$(stat -c %s "$path")
    for mode in $MODES; do
        case "$mode" in
            check) args=(--check) ;;
            json) args=(--json) ;;
            dump) args=(--dump) ;;
            screen) args=(--screen 100x30 --keys '') ;;
        esac
        log "$name $mode"
        set +e
        /usr/bin/time -f '%e %M' -o "$WORK/time.$$" timeout --kill-after=10 "$TIMEOUT" \
            "$BIN" "${args[@]}" "$path" >/dev/null 2>"$WORK/stderr.$$" </dev/null
        rc=$?
        set -e
        read -r secs rss_kb < <(tail -1 "$WORK/time.$$")
        row=$(python3 - "$name" "$size" "$mode" "$rc" "$secs" "$rss_kb" <<'EOF'
import sys
name, size, mode, rc, secs, kb = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6])
mb = 1 << 20
rss = kb * 1024
ceiling = 4 * size + 50 * mb
notes = []
if rss > ceiling:
    notes.append("OVER (RSS)")
if name.startswith("prose-brace-200M") and mode == "check":
    if secs >= 10: notes.append("OVER (>= 10 s)")
    if rss >= 1 << 30: notes.append("OVER (>= 1 GB)")
if rc in (124, 137) or rc > 128: notes.append("did not finish / killed (exit %d)" % rc)
print("| %s | %d | %s | %d | %.2f | %.3f | %.1f | %.2f | %.0f | %s |" % (
    name, size, mode, rc, secs, secs / (size / mb), rss / mb, rss / size, ceiling / mb,
    "; ".join(notes) or "ok"))
EOF
)
        printf '%s\n' "$row"
        case "$row" in *OVER*|*killed*) OVER=$((OVER + 1)) ;; esac
    done
done
rm -f "$WORK/time.$$" "$WORK/stderr.$$"
printf '\nRows over the ceiling: %d\n' "$OVER"
