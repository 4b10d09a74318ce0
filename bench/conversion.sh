#!/usr/bin/env bash
# Conversion benchmark (issue 39): the writers, timed against their peers and the check on the same
# files, in one run, so that the ratios hold whatever the machine's load.
#
#   bench/conversion.sh --bin PATH [--base PATH] [--work DIR] [--repeat N] [--records N] [--objects N]
#
#   --bin PATH    the archive-browse to measure (a release build)
#   --base PATH   another archive-browse (e.g. main's) measured beside it, for a before/after table
#   --work DIR    where the generated files and outputs go (default bench-work/conversion)
#   --repeat N    runs of each command; the median is reported (default 3)
#   --records N   dictionaries in the plain plist (default 200,000: bench/plain_plist.py)
#   --objects N   $objects of the keyed wide archive (default 1,200,007: bench/generate.py --shape wide)
#
# Rows: plain bplist -> XML (`--unarchive xml1` against `plistutil -f xml` and Python's plistlib),
# plain bplist -> JSON (`--unarchive json`), keyed bplist `--json`, `--unarchive json` and `--check`,
# typedstream `--json` and `--check`. Each row gives the median wall time, peak RSS, the bytes written
# and the writer's MB/s; the reference rows time `cat OUTPUT > /dev/null` and `dd` writing the same
# number of bytes. Prints a Markdown table on stdout; the load average before and after on stderr.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
BIN="" BASE="" WORK="$REPO/bench-work/conversion" REPEAT=3 RECORDS=200000 OBJECTS=1200007
while [ $# -gt 0 ]; do
    case "$1" in
        --bin) BIN=$2; shift ;;
        --base) BASE=$2; shift ;;
        --work) WORK=$2; shift ;;
        --repeat) REPEAT=$2; shift ;;
        --records) RECORDS=$2; shift ;;
        --objects) OBJECTS=$2; shift ;;
        *) echo "conversion.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
[ -n "$BIN" ] || { echo "conversion.sh: --bin PATH is required" >&2; exit 2; }
mkdir -p "$WORK"
PLAIN="$WORK/plain-$RECORDS.bplist" WIDE="$WORK/wide-$OBJECTS.bplist" TS="$WORK/typedstream-1000000.typedstream"
[ -s "$PLAIN" ] || python3 "$BENCH_DIR/plain_plist.py" --records "$RECORDS" -o "$PLAIN"
[ -s "$WIDE" ] || python3 "$BENCH_DIR/generate.py" --shape wide --objects "$OBJECTS" --format binary --writer stream -o "$WIDE"
[ -s "$TS" ] || python3 "$BENCH_DIR/generate.py" --format typedstream --objects 1000000 -o "$TS"
OUT="$WORK/out"

# run LABEL FILE COMMAND...: the median of REPEAT runs writing to $OUT; prints one table row and
# sets LAST_SECONDS, LAST_CPU (the medians) and LAST_BYTES (the output's size, or $RATE_BYTES).
run() {
    local label=$1 file=$2; shift 2
    local times=() cpus=() rss=0
    for _ in $(seq "$REPEAT"); do
        /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" "$@" > "$OUT" 2>/dev/null || true
        read -r seconds user sys kb < <(tail -1 "$WORK/time")
        times+=("$seconds")
        cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')")
        [ "$kb" -gt "$rss" ] && rss=$kb
    done
    LAST_SECONDS=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    LAST_CPU=$(printf '%s\n' "${cpus[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    LAST_BYTES=${RATE_BYTES:-$(stat -c %s "$OUT")}
    local rate
    rate=$(awk -v b="$LAST_BYTES" -v s="$LAST_SECONDS" 'BEGIN { if (s > 0 && b > 0) printf "%.1f", b / 1e6 / s; else print "-" }')
    printf '| %s | %s | %s s | %s s | %d MB | %s MB | %s MB/s |\n' "$label" "$(basename "$file")" "$LAST_SECONDS" "$LAST_CPU" $((rss / 1024)) \
        "$(awk -v b="$LAST_BYTES" 'BEGIN { printf "%.1f", b / 1e6 }')" "$rate"
}

# ratio A B: A / B to two places.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

echo "load before: $(uptime)" >&2
echo "| command | file | median wall | median CPU (user+sys) | peak RSS | output | output rate (wall) |"
echo "|---|---|---|---|---|---|---|"
declare -A T C
for which in bin base; do
    exe=$BIN; [ "$which" = base ] && exe=$BASE
    [ -n "$exe" ] || continue
    tag=""; [ "$which" = base ] && tag=" (base)"
    run "--unarchive xml1$tag" "$PLAIN" "$exe" --unarchive xml1 "$PLAIN"; T[$which.xml]=$LAST_SECONDS; C[$which.xml]=$LAST_CPU; XML_BYTES=$LAST_BYTES
    cp "$OUT" "$WORK/plain.xml"
    run "--unarchive json$tag (plain)" "$PLAIN" "$exe" --unarchive json "$PLAIN"; T[$which.plainjson]=$LAST_SECONDS
    run "--check$tag (plain)" "$PLAIN" "$exe" --check "$PLAIN"; T[$which.plaincheck]=$LAST_SECONDS; C[$which.plaincheck]=$LAST_CPU
    run "--json$tag" "$WIDE" "$exe" --json "$WIDE"; T[$which.json]=$LAST_SECONDS; C[$which.json]=$LAST_CPU
    run "--unarchive json$tag" "$WIDE" "$exe" --unarchive json "$WIDE"; T[$which.unjson]=$LAST_SECONDS; C[$which.unjson]=$LAST_CPU
    run "--check$tag" "$WIDE" "$exe" --check "$WIDE"; T[$which.check]=$LAST_SECONDS; C[$which.check]=$LAST_CPU
    run "--json$tag" "$TS" "$exe" --json "$TS"; T[$which.tsjson]=$LAST_SECONDS; C[$which.tsjson]=$LAST_CPU
    run "--check$tag" "$TS" "$exe" --check "$TS"; T[$which.tscheck]=$LAST_SECONDS; C[$which.tscheck]=$LAST_CPU
done
if command -v plistutil > /dev/null; then
    run "plistutil -f xml" "$PLAIN" plistutil -i "$PLAIN" -o /dev/stdout -f xml; T[plistutil]=$LAST_SECONDS; C[plistutil]=$LAST_CPU
fi
run "python3 plistlib (binary -> xml)" "$PLAIN" python3 -c \
    'import plistlib, sys; sys.stdout.buffer.write(plistlib.dumps(plistlib.load(open(sys.argv[1], "rb")), fmt=plistlib.FMT_XML, sort_keys=False))' "$PLAIN"
T[plistlib]=$LAST_SECONDS
RATE_BYTES=$XML_BYTES run "cat (the XML output) > /dev/null" "$WORK/plain.xml" sh -c 'cat "$1" > /dev/null' sh "$WORK/plain.xml"
T[cat]=$LAST_SECONDS
run "dd (as many bytes as the XML output)" "$WORK/plain.xml" dd if=/dev/zero bs=1M count=$(( (XML_BYTES + 1048575) / 1048576 )) status=none
T[dd]=$LAST_SECONDS
echo
echo "Ratios (same run; wall, then CPU):"
for which in bin base; do
    [ -n "${T[$which.xml]:-}" ] || continue
    for k in T C; do
        declare -n M=$k
        echo "- $which ($k): --unarchive xml1 / plistutil -f xml = $(ratio "${M[$which.xml]}" "${M[plistutil]:-0}");" \
            "--json / --check (keyed) = $(ratio "${M[$which.json]}" "${M[$which.check]}");" \
            "--unarchive json / --check (keyed) = $(ratio "${M[$which.unjson]}" "${M[$which.check]}");" \
            "--json / --check (typedstream) = $(ratio "${M[$which.tsjson]}" "${M[$which.tscheck]}");" \
            "--unarchive xml1 / --check (plain) = $(ratio "${M[$which.xml]}" "${M[$which.plaincheck]}")"
    done
done
echo "load after: $(uptime)" >&2
