#!/usr/bin/env bash
# archive-browse benchmark (issue 7): archive-browse against Foundation, Python plistlib, libplist's
# plistutil and nska-deserialize, all on the same generated files, in one run.
#
#   bench/run.sh                 default set: 1.2M-object wide archive (binary + XML), a 100k one,
#                                the other shapes and a typedstream file at the same size,
#                                first screen on ~1 MB and ~100 MB files, redraw on a 1M-element array
#   bench/run.sh --quick         small smoke sizes (about a minute)
#   bench/run.sh --huge          also a ~1 GB file for the first-screen series
#   options: --work DIR (generated files and build products; default bench-work/ in the checkout)
#            --bin PATH (use this archive-browse instead of building the checkout)
#            --ref REV  (build archive-browse from git revision REV, exported into the work dir)
#            --timeout S (per peer run; default 600, quick 120)  --repeat N (runs of commands under
#            2 s; median reported; default 3)  --wait-quiet S (wait up to S seconds for the 1-minute
#            load average to drop below 0.5 before measuring)  --no-install (do not apt/pip install)
#            --generate-only (make the files for the chosen set, measure nothing)
#            --only LIST (comma-separated sections: main,shapes,typedstream,nib,ttfs,redraw,sources,conversion; the report then goes to
#            the work dir, not bench/results.md)
#
# Prints a table and writes bench/results.md. Exit status: 0 when every measurement ran (a peer
# that is unavailable or times out is reported, not an error); non-zero when setup fails.
set -euo pipefail

# ---- key notation for the headless redraw measurement (TO BE CONFIRMED against the TUI) --------
# Keys that expand the big root array of the flat archive, as one --keys script:
REDRAW_EXPAND_KEYS='l'
# The key repeated to move the cursor down one row, and how many times:
REDRAW_STEP_KEY='j'
REDRAW_STEPS=100
# Runs of each of the two commands; the fastest counts:
REDRAW_RUNS=7
# Interactive check under tmux: text on the screen once the step keys are all handled:
REDRAW_TMUX_MARK='› [100]'
# ... and text on the status line while background work (the graph index) runs:
REDRAW_TMUX_BUSY='Esc cancels'
# Terminal size for every --screen run, and the larger one the XML first screen is also timed at
# (issue 39: "at any screen size"):
SCREEN_SIZE='80x24'
LARGE_SCREEN_SIZE='240x70'
# plistutil XML -> binary is quadratic in libplist 2.2.0 (TOOLCHAIN.md 5: >10 min at 1.2M objects),
# so it gets a shorter limit than the other peers (seconds):
PLISTUTIL_XML_TIMEOUT=${PLISTUTIL_XML_TIMEOUT:-120}
# -------------------------------------------------------------------------------------------------

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
COMMAND_LINE="bench/run.sh${*:+ $*}"

QUICK=0 HUGE=0 GEN_ONLY=0 ONLY="" INSTALL=1 WORK="" BIN="" REF="" TIMEOUT="" REPEAT=3 WAIT_QUIET=0
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) QUICK=1 ;;
        --huge) HUGE=1 ;;
        --generate-only) GEN_ONLY=1 ;;
        --only) ONLY=$2; shift ;;
        --no-install) INSTALL=0 ;;
        --work) WORK=$2; shift ;;
        --bin) BIN=$2; shift ;;
        --ref) REF=$2; shift ;;
        --timeout) TIMEOUT=$2; shift ;;
        --repeat) REPEAT=$2; shift ;;
        --wait-quiet) WAIT_QUIET=$2; shift ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done
[ -n "$TIMEOUT" ] || { [ "$QUICK" = 1 ] && TIMEOUT=120 || TIMEOUT=600; }
WORK=${WORK:-$REPO/bench-work}
mkdir -p "$WORK/files" "$WORK/runs"
WORK=$(cd "$WORK" && pwd)
RESULTS_TSV="$WORK/results.tsv"
: > "$RESULTS_TSV"

log() { printf '[run.sh %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'run.sh: %s\n' "$*" >&2; exit 1; }

# ---- tools ---------------------------------------------------------------------------------------
command -v python3 >/dev/null || die "python3 is required (the generator is Python)"
command -v swiftc >/dev/null || die "swiftc is required"
APT_UPDATED=0
apt_install() { # package; returns non-zero if it could not be installed
    [ "$INSTALL" = 1 ] || return 1
    command -v apt-get >/dev/null || return 1
    if [ "$APT_UPDATED" = 0 ]; then apt-get update -qq >/dev/null 2>&1 || true; APT_UPDATED=1; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null 2>&1
}
if [ ! -x /usr/bin/time ]; then
    log "installing GNU time (apt: time)"
    apt_install time || die "/usr/bin/time is missing and apt-get install time failed"
fi
/usr/bin/time -f '%e %M' true 2>/dev/null || die "/usr/bin/time does not take -f (not GNU time?)"
command -v timeout >/dev/null || die "timeout (coreutils) is required"

PLISTUTIL=""
if command -v plistutil >/dev/null || { log "installing libplist-utils (apt)"; apt_install libplist-utils; }; then
    PLISTUTIL=$(command -v plistutil || true)
fi
PLISTUTIL_VERSION=$([ -n "$PLISTUTIL" ] && "$PLISTUTIL" --version 2>&1 | head -1 || echo unavailable)

nska_ok() { python3 -c 'import nska_deserialize' 2>/dev/null; }
if ! nska_ok && [ "$INSTALL" = 1 ]; then
    log "installing nska-deserialize (pip)"
    python3 -m pip install -q nska-deserialize >/dev/null 2>&1 || true
fi
nibarchive_ok() { python3 -c 'import nibarchive' 2>/dev/null; }
if ! nibarchive_ok && [ "$INSTALL" = 1 ]; then
    log "installing nibarchive (pip)"
    python3 -m pip install -q nibarchive >/dev/null 2>&1 || true
fi
NSKA_VERSION=$(python3 -c 'import importlib.metadata as m; print(m.version("nska-deserialize"))' 2>/dev/null || echo unavailable)
PYTHON_VERSION=$(python3 -c 'import sys; print(sys.version.split()[0])')

# ---- files ---------------------------------------------------------------------------------------
GEN_SUM=$(sha256sum "$BENCH_DIR/generate.py" | cut -c1-8)
USED_FILES="$WORK/used-files.txt"
: > "$USED_FILES"
gen() { # name args...: generate $WORK/files/<name> unless it exists for this generator version
    local name=$1; shift
    local path="$WORK/files/$name" stamp="$WORK/files/$name.gen"
    local want="$GEN_SUM $*"
    if [ ! -f "$path" ] || [ "$(head -1 "$stamp" 2>/dev/null)" != "$want" ]; then
        log "generating $name: generate.py $*"
        python3 "$BENCH_DIR/generate.py" "$@" -o "$path" 2>"$WORK/generate.last" \
            || { cat "$WORK/generate.last" >&2; die "generate.py $* failed"; }
        cat "$WORK/generate.last" >> "$WORK/generate.log"
        # line 1: generator hash and arguments; line 2: what generate.py said it wrote
        { echo "$want"; tail -1 "$WORK/generate.last" | sed 's/^generate.py: [^:]*: //; s/; [0-9]* bytes (.*$//'; } > "$stamp"
    fi
    local desc
    desc=$(sed -n 2p "$stamp")
    if [ -z "$desc" ]; then # a stamp from before descriptions were kept: take it from the log
        desc=$(grep -F "/$name: " "$WORK/generate.log" 2>/dev/null | tail -1 | sed 's/^generate.py: [^:]*: //; s/; [0-9]* bytes (.*$//' || true)
        [ -n "$desc" ] && echo "$desc" >> "$stamp"
    fi
    printf '%s|%s|%s|%s;;' "$name" "$(stat -L -c %s "$path")" "$*" "$desc" >> "$USED_FILES"
    echo "$path"
}

# The same for the other generators, bench/generate_nib.py and bench/plain_plist.py: each reports
# what it wrote as its last line ("PATH: …[, N bytes]"), which PREFIX and SUFFIX make the file's
# description.
gen_script() { # script prefix suffix name args...
    local script=$1 prefix=$2 suffix=$3 name=$4; shift 4
    local path="$WORK/files/$name" stamp="$WORK/files/$name.gen"
    local want
    want="$(sha256sum "$BENCH_DIR/$script" | cut -c1-8) $*"
    if [ ! -f "$path" ] || [ "$(head -1 "$stamp" 2>/dev/null)" != "$want" ]; then
        log "generating $name: $script $*"
        python3 "$BENCH_DIR/$script" "$@" -o "$path" 2>"$WORK/generate.last" >"$WORK/generate.out" \
            || { cat "$WORK/generate.last" >&2; die "$script $* failed"; }
        { echo "$want"; echo "$prefix$(cat "$WORK/generate.out" "$WORK/generate.last" | tail -1 | sed 's/^[^:]*: //; s/, [0-9]* bytes$//')$suffix"; } > "$stamp"
    fi
    printf '%s|%s|%s|%s;;' "$name" "$(stat -L -c %s "$path")" "($script) $*" "$(sed -n 2p "$stamp")" >> "$USED_FILES"
    echo "$path"
}
gen_nib() { gen_script generate_nib.py "NIBArchive, " "" "$@"; } # name args...
gen_plain() { # name args...
    gen_script plain_plist.py "plain property list: an array of " \
        " (dictionaries of an integer, strings, a real, a boolean, a date, an array and data)" "$@"
}

if [ "$QUICK" = 1 ]; then
    MAIN_N=40007 SMALL_N=10007 SHAPE_N=40000 TS_N=40000 FLAT_N=100003 NIB_N=10000 PLAIN_N=10000
    TTFS_SIZES="1M 10M"
else
    MAIN_N=1200007 SMALL_N=100007 SHAPE_N=1200000 TS_N=1000000 FLAT_N=1000003 NIB_N=300000 PLAIN_N=200000
    TTFS_SIZES="1M 100M"
fi
[ "$HUGE" = 1 ] && TTFS_SIZES="$TTFS_SIZES 1G"

# Only the files of the sections run (--only) are made.
wants() { [ -z "$ONLY" ] || [ "$GEN_ONLY" = 1 ] || [[ ",$ONLY," == *",$1,"* ]]; }
MAIN_BIN="" MAIN_XML="" SMALL_BIN="" TS_FILE="" FLAT_FILE="" NIB_FILE="" PLAIN_BIN="" PLAIN_XML=""
SHAPE_FILES=() TTFS_FILES=()
if wants main; then
    MAIN_BIN=$(gen "wide-$MAIN_N.bplist" --shape wide --objects "$MAIN_N" --format binary)
    MAIN_XML=$(gen "wide-$MAIN_N.xml" --shape wide --objects "$MAIN_N" --format xml)
    SMALL_BIN=$(gen "wide-$SMALL_N.bplist" --shape wide --objects "$SMALL_N" --format binary)
fi
if wants shapes; then
    for shape in deep shared mixed; do
        SHAPE_FILES+=("$(gen "$shape-$SHAPE_N.bplist" --shape "$shape" --objects "$SHAPE_N" --format binary)")
    done
fi
if wants shapes || wants typedstream || wants conversion; then TS_FILE=$(gen "array-$TS_N.typedstream" --format typedstream --objects "$TS_N"); fi
if wants nib || wants conversion; then NIB_FILE=$(gen_nib "wide-$NIB_N.nib" --records "$NIB_N"); fi
if wants conversion; then
    [ -n "$MAIN_BIN" ] || MAIN_BIN=$(gen "wide-$MAIN_N.bplist" --shape wide --objects "$MAIN_N" --format binary)
    PLAIN_BIN=$(gen_plain "plain-$PLAIN_N.bplist" --records "$PLAIN_N")
    PLAIN_XML=$(gen_plain "plain-$PLAIN_N.xml" --records "$PLAIN_N" --format xml)
fi
if wants ttfs; then
    for size in $TTFS_SIZES; do
        TTFS_FILES+=("$(gen "ttfs-$size.bplist" --shape wide --target-bytes "$size" --format binary --writer stream)")
    done
fi
if wants redraw; then FLAT_FILE=$(gen "flat-$FLAT_N.bplist" --shape flat --objects "$FLAT_N" --format binary --writer stream); fi
if [ "$GEN_ONLY" = 1 ]; then
    ls -l "$WORK/files" | grep -v '\.gen$' >&2
    exit 0
fi

# ---- archive-browse ------------------------------------------------------------------------------
BUILD_NOTE=""
if [ -z "$BIN" ]; then
    SRC=$REPO
    if [ -n "$REF" ]; then
        SRC="$WORK/src-$(git -C "$REPO" rev-parse --short "$REF")"
        rm -rf "$SRC"; mkdir -p "$SRC"
        git -C "$REPO" archive "$REF" | tar -x -C "$SRC"
        BUILD_NOTE="built from git revision $(git -C "$REPO" rev-parse --short "$REF") ($REF)"
    else
        BUILD_NOTE="built from the checkout at $(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?')"
        if [ -n "$(git -C "$REPO" status --porcelain -- Sources Package.swift 2>/dev/null || true)" ]; then
            BUILD_NOTE="$BUILD_NOTE with uncommitted changes in Sources/"
        fi
    fi
    log "building archive-browse (release) in $SRC"
    (cd "$SRC" && swift build -c release --scratch-path "$SRC/.build-perf" --product archive-browse >"$WORK/build.log" 2>&1) \
        || { tail -30 "$WORK/build.log" >&2; die "swift build failed (log: $WORK/build.log)"; }
    BIN="$(cd "$SRC" && swift build -c release --scratch-path "$SRC/.build-perf" --show-bin-path)/archive-browse"
else
    BUILD_NOTE="given with --bin"
fi
[ -x "$BIN" ] || die "no archive-browse binary at $BIN"
# grep reads the whole help (no -q): under pipefail, a grep that quits early fails the pipeline with SIGPIPE.
"$BIN" --help 2>&1 | grep -- '--check' >/dev/null \
    || die "$BIN has no --check mode (its --help does not mention it); this checkout predates the CLI: use --ref REV or --bin PATH"

# ---- Foundation peer -----------------------------------------------------------------------------
PEER="$WORK/FoundationPeer"
PEER_SUM=$(sha256sum "$BENCH_DIR/FoundationPeer.swift" | cut -c1-16)
if [ ! -x "$PEER" ] || [ "$(cat "$PEER.sum" 2>/dev/null)" != "$PEER_SUM" ]; then
    log "compiling FoundationPeer.swift (swiftc -O)"
    if swiftc -O "$BENCH_DIR/FoundationPeer.swift" -o "$PEER" >"$WORK/peer-build.log" 2>&1; then
        echo "$PEER_SUM" > "$PEER.sum"
    else
        log "FoundationPeer did not compile (log: $WORK/peer-build.log): Foundation rows will say unavailable"
        rm -f "$PEER"
    fi
fi

# ---- measuring -----------------------------------------------------------------------------------
load1() { cut -d' ' -f1 /proc/loadavg; }
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
if [ "$WAIT_QUIET" -gt 0 ]; then
    log "waiting up to ${WAIT_QUIET}s for the 1-minute load to drop below 0.5 (now $(load1))"
    waited=0
    while [ "$waited" -lt "$WAIT_QUIET" ] && python3 -c "import sys; sys.exit(0 if float('$(load1)') >= 0.5 else 1)"; do
        sleep 10; waited=$((waited + 10))
    done
    log "load now $(load1) after ${waited}s"
fi
LOAD_MEASURE=$(cut -d' ' -f1-3 /proc/loadavg)

RUN_SEQ=0
# run_once OUTFILE TIMEOUT cmd... -> sets R_WALL (s, 3 decimals), R_RSS (KB), R_RC
# stdout goes to OUTFILE, or to /dev/null when R_DISCARD=1 (stderr always to OUTFILE.err).
R_DISCARD=0
run_once() {
    local out=$1 limit=$2; shift 2
    local dest=$out
    [ "$R_DISCARD" = 1 ] && dest=/dev/null
    local tfile="$WORK/runs/time.$$"
    local t0 t1
    t0=$EPOCHREALTIME
    set +e
    /usr/bin/time -f '%e %M' -o "$tfile" timeout --kill-after=10 "$limit" "$@" >"$dest" 2>"$out.err" </dev/null
    R_RC=$?
    set -e
    t1=$EPOCHREALTIME
    R_WALL=$(python3 -c "print(f'{$t1 - $t0:.3f}')")
    R_RSS=$(awk 'END { print $2 }' "$tfile" 2>/dev/null || echo 0)
    # GNU time prints "Command exited with non-zero status N" before the format line
    [ -n "$R_RSS" ] || R_RSS=0
    rm -f "$tfile"
}

# Bytes each writer wrote (tool, file, bytes), for its MB/s: a `convert` row's output is in its
# file; a `json` row's went to /dev/null, so it is counted by one more run, untimed. A `reference`
# row sets REFERENCE_BYTES (what it read or wrote).
OUTPUT_TSV="$WORK/output-bytes.tsv"
: > "$OUTPUT_TSV"
record_output_bytes() { # tool file kind out limit cmd...
    local tool=$1 file=$2 kind=$3 out=$4 limit=$5 bytes; shift 5
    case "$kind" in
        convert) bytes=$(stat -c %s "$out") ;;
        json) bytes=$( (timeout --kill-after=10 "$limit" "$@" 2>/dev/null </dev/null || true) | wc -c) ;;
        reference) bytes=${REFERENCE_BYTES:-} ;;
        *) return 0 ;;
    esac
    [ -n "$bytes" ] && printf '%s\t%s\t%s\n' "$tool" "$(basename "$file")" "$bytes" >> "$OUTPUT_TSV"
    return 0
}

# measure TOOL FILE TIMEOUT KIND cmd...   KIND: check|json|screen|peer|convert|reference|source
# (json: output discarded; convert: output kept in the row's file, as a user redirects it)
# Runs the command (REPEAT times if it took under 2 s), records the median wall and max RSS.
# M_REPEAT=N and M_STAT=min (set before the call) change the count and take the fastest run.
measure() {
    local tool=$1 file=$2 limit=$3 kind=$4; shift 4
    RUN_SEQ=$((RUN_SEQ + 1))
    local out="$WORK/runs/$RUN_SEQ.out"
    local walls=() rss=0 rc=0 n=1 load status note=""
    load=$(load1)
    R_DISCARD=0
    [ "$kind" = json ] && R_DISCARD=1
    : > "$out"
    run_once "$out" "$limit" "$@"
    walls+=("$R_WALL"); rss=$R_RSS; rc=$R_RC
    if [ "$rc" = 0 ] || [ "$kind" = check ]; then
        if python3 -c "import sys; sys.exit(0 if $R_WALL < 2 else 1)"; then
            while [ "$n" -lt "${M_REPEAT:-$REPEAT}" ]; do
                run_once "$out" "$limit" "$@"
                walls+=("$R_WALL"); n=$((n + 1))
                [ "$R_RSS" -gt "$rss" ] && rss=$R_RSS
                [ "$R_RC" = "$rc" ] || note="exit status varied ($rc, $R_RC)"
            done
        fi
    fi
    local wall
    if [ "${M_STAT:-median}" = min ]; then
        wall=$(printf '%s\n' "${walls[@]}" | sort -n | head -1)
    else
        wall=$(printf '%s\n' "${walls[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    fi
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        status="did not finish in $limit s"
    elif [ "$rc" -ge 128 ]; then
        status="crashed (signal $((rc - 128))): $(tail -c 300 "$out.err" | tr '\n\t' '  ')"
    elif [ "$kind" = check ]; then
        local lines
        lines=$(grep -c . "$out" || true)
        local summary
        summary=$(tail -1 "$out.err" | tr '\t' ' ')
        summary=${summary#"$file: "}
        status="exit $rc, $lines diagnostic lines ($summary)"
        [ "$rc" = 0 ] || status="problems found: $status"
    elif [ "$kind" = source ]; then
        status="exit $rc: $(tail -1 "$out" | tr '\t' ' ' | head -c 300)"
    elif [ "$kind" = screen ] && [ ! -s "$out" ]; then
        status="n/a: empty screen output (exit $rc)"
    elif [ "$rc" != 0 ]; then
        status="failed (exit $rc): $(tail -c 300 "$out.err" | tr '\n\t' '  ')"
    else
        status="ok"
        [ "$kind" = peer ] && status="ok: $(head -c 200 "$out" | tr '\n\t' '  ')"
    fi
    [ -n "$note" ] && status="$status; $note"
    [ "$n" -gt 1 ] && status="$status; ${M_STAT:-median} of $n runs: $(printf '%s ' "${walls[@]}")"
    [ "$rc" = 0 ] && record_output_bytes "$tool" "$file" "$kind" "$out" "$limit" "$@"
    local size
    size=$(stat -L -c %s "$file")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
        "$tool" "$(basename "$file")" "$size" "$wall" "$rss" "$rc" "$n" "$load" "$kind" "$status" >> "$RESULTS_TSV"
    log "$tool $(basename "$file"): ${wall}s $((rss / 1024))MB rc=$rc load=$load ${status:0:100}"
    M_WALL=$wall M_RC=$rc M_OUT=$out
}

# Instruction counts (user space, all threads; `perf stat -e instructions:u`, else callgrind's Ir):
# unlike wall time they hardly move with the load of other work on the machine, so a
# regression of archive-browse shows on a busy machine and ratios against peers hold. Each command
# runs once more for this, untimed; rows go to instructions.tsv.
INSTR_TSV="$WORK/instructions.tsv"
: > "$INSTR_TSV"
# Callgrind runs a program some 50 times slower, so with it only files up to INSTR_MAX_BYTES (default
# 8 MB: the 100k-object archive) are counted. A virtual machine often has no hardware counters:
# perf then prints "<not supported>", and callgrind is used.
INSTR_TOOL=none INSTR_MAX_BYTES=${INSTR_MAX_BYTES:-8000000}
if perf stat -x, -e instructions:u -o "$WORK/perf-probe.txt" true >/dev/null 2>&1 \
    && grep -Eq '^[0-9]+,' "$WORK/perf-probe.txt"; then INSTR_TOOL=perf INSTR_MAX_BYTES=${INSTR_MAX_BYTES_PERF:-999999999999}
elif command -v valgrind >/dev/null || apt_install valgrind; then INSTR_TOOL=callgrind; fi
# Valgrind 3.19 (Debian 12) gives up on the DWARF 5 of Swift 6 binaries ("Possibly corrupted
# debuginfo file"): callgrind runs a stripped copy instead (the same instructions, without symbols).
instr_program() { # path -> the path to run under the counter
    if [ "$INSTR_TOOL" = callgrind ] && [ -x "$1" ] && [ "$(head -c 4 "$1" | tail -c 3)" = ELF ]; then
        local copy
        copy="$WORK/stripped-$(basename "$1")"
        if [ ! -x "$copy" ] || [ "$1" -nt "$copy" ]; then strip -o "$copy" "$1" 2>/dev/null || cp "$1" "$copy"; fi
        echo "$copy"
    else
        echo "$1"
    fi
}
instructions() { # tool file cmd...
    local tool=$1 file=$2; shift 2
    local program
    program=$(instr_program "$1"); shift
    set -- "$program" "$@"
    local n="" f="$WORK/runs/instr.$$"
    [ "$(stat -L -c %s "$file")" -le "$INSTR_MAX_BYTES" ] || return 0
    case "$INSTR_TOOL" in
        perf)
            perf stat -x, -e instructions:u -o "$f" -- timeout --kill-after=10 "$TIMEOUT" "$@" >/dev/null 2>&1 </dev/null || true
            n=$(awk -F, '/instructions/ { print $1 }' "$f" 2>/dev/null | head -1) ;;
        callgrind)
            valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" >/dev/null 2>"$f" </dev/null || true
            n=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$f" | head -1) ;;
    esac
    rm -f "$f"
    case "$n" in ''|*[!0-9]*) n="" ;; esac
    printf '%s\t%s\t%s\t%s\t%s\n' "$tool" "$(basename "$file")" "$(stat -L -c %s "$file")" "$n" "$INSTR_TOOL" >> "$INSTR_TSV"
    log "$tool $(basename "$file"): ${n:-n/a} instructions ($INSTR_TOOL)"
}

unavailable() { # tool file why
    printf '%s\t%s\t%s\t\t\t\t\t\tunavailable\t%s\n' "$1" "$(basename "$2")" "$(stat -L -c %s "$2")" "$3" >> "$RESULTS_TSV"
    log "$1 $(basename "$2"): unavailable ($3)"
}

ours() { # file: archive-browse --check, --json, --screen
    local f=$1
    # Sanity probe (not timed): does archive-browse decode any object at all? The JSON document
    # names its objects early, so reading its first 4 kB is enough.
    local head
    head=$("$BIN" --json "$f" 2>/dev/null | head -c 4096 || true)
    if printf '%s' "$head" | grep -q '"objects":\[\]'; then
        printf '%s\t%s\t%s\t\t\t\t\t\tfinding\t%s\n' "archive-browse (probe)" "$(basename "$f")" "$(stat -L -c %s "$f")" \
            "decoded 0 objects: --json prints \"objects\":[] ($(printf '%s' "$head" | head -c 160 | tr '\t\n' '  '))" >> "$RESULTS_TSV"
        log "archive-browse decodes no object in $(basename "$f")"
    fi
    measure "archive-browse --check" "$f" "$TIMEOUT" check "$BIN" --check "$f"
    instructions "archive-browse --check" "$f" "$BIN" --check "$f"
    measure "archive-browse --json" "$f" "$TIMEOUT" json "$BIN" --json "$f"
    instructions "archive-browse --json" "$f" "$BIN" --json "$f"
    measure "archive-browse --screen $SCREEN_SIZE" "$f" "$TIMEOUT" screen "$BIN" --screen "$SCREEN_SIZE" "$f"
}

unarchive_json() { # keyed file: the resolved export (issue 28), beside nska_deserialize's on the same file
    local f=$1
    measure "archive-browse --unarchive json" "$f" "$TIMEOUT" json "$BIN" --unarchive json "$f"
    if nska_ok; then
        measure "nska_deserialize to JSON" "$f" "$TIMEOUT" peer python3 -c \
            'import json, nska_deserialize, sys; r = nska_deserialize.deserialize_plist(sys.argv[1]); json.dump(r, open("/dev/null", "w"), default=str); print(type(r).__name__, len(r))' "$f"
    fi
}

foundation() { # file
    local f=$1
    if [ -x "$PEER" ]; then
        measure "Foundation parse" "$f" "$TIMEOUT" peer "$PEER" parse "$f"
        instructions "Foundation parse" "$f" "$PEER" parse "$f"
        measure "Foundation unarchive" "$f" "$TIMEOUT" peer "$PEER" unarchive "$f"
        instructions "Foundation unarchive" "$f" "$PEER" unarchive "$f"
    else
        unavailable "Foundation parse" "$f" "FoundationPeer did not compile"
        unavailable "Foundation unarchive" "$f" "FoundationPeer did not compile"
    fi
}

plistutil_peer() { # file
    # libplist 2.2.0 copies an XML input unparsed when asked for XML output, so an XML file is
    # converted to binary instead (the only real parse; quadratic in libplist 2.2.0, TOOLCHAIN.md 5).
    local fmt=xml
    [ "$(head -c 6 "$1")" = bplist ] || fmt=bin
    local limit=$TIMEOUT
    [ "$fmt" = bin ] && [ "$PLISTUTIL_XML_TIMEOUT" -lt "$limit" ] && limit=$PLISTUTIL_XML_TIMEOUT
    if [ -n "$PLISTUTIL" ]; then
        measure "plistutil -f $fmt" "$1" "$limit" peer "$PLISTUTIL" -i "$1" -o /dev/null -f "$fmt"
        # (not for XML: libplist 2.2.0's XML parse is quadratic and would take minutes)
        if [ "$fmt" = xml ]; then instructions "plistutil -f $fmt" "$1" "$PLISTUTIL" -i "$1" -o /dev/null -f "$fmt"; fi
    else
        unavailable "plistutil -f $fmt" "$1" "libplist-utils could not be installed"
    fi
}

other_peers() { # file
    local f=$1
    measure "Python plistlib.load" "$f" "$TIMEOUT" peer python3 -c \
        'import plistlib, sys; d = plistlib.load(open(sys.argv[1], "rb")); print(len(d["$objects"]), "objects")' "$f"
    plistutil_peer "$f"
    if nska_ok; then
        measure "nska_deserialize" "$f" "$TIMEOUT" peer python3 -c \
            'import nska_deserialize, sys; r = nska_deserialize.deserialize_plist(sys.argv[1]); print(type(r).__name__, len(r))' "$f"
    else
        unavailable "nska_deserialize" "$f" "nska-deserialize could not be installed"
    fi
}

log "archive-browse: $BIN ($BUILD_NOTE)"
log "work dir: $WORK; load average at start: $LOAD_START"

section() { [ -z "$ONLY" ] || [[ ",$ONLY," == *",$1,"* ]]; }

# 1. The main set: wide archive, binary and XML, and the smaller one; every tool.
section main && for f in "$MAIN_BIN" "$MAIN_XML" "$SMALL_BIN"; do
    ours "$f"
    if [ "$f" = "$MAIN_XML" ]; then measure "archive-browse --screen $LARGE_SCREEN_SIZE" "$f" "$TIMEOUT" screen "$BIN" --screen "$LARGE_SCREEN_SIZE" "$f"; fi
    unarchive_json "$f"
    foundation "$f"
    other_peers "$f"
done

# 2. The other shapes (binary) and typedstream: archive-browse, plus peers that can read them.
section shapes && for f in "${SHAPE_FILES[@]}"; do
    ours "$f"
    case "$(basename "$f")" in
        shared-*) foundation "$f" ;;
        *) unavailable "Foundation unarchive" "$f" "cyclic archive: Linux Foundation crashes on cycles (TOOLCHAIN.md 5)" ;;
    esac
    plistutil_peer "$f"
done
if section shapes || section typedstream; then ours "$TS_FILE"; fi
if ! section shapes && ! section typedstream; then
    :
elif python3 -c 'import typedstream' 2>/dev/null; then
    measure "pytypedstream unarchive" "$TS_FILE" "$TIMEOUT" peer python3 -c \
        'import typedstream, sys; r = typedstream.unarchive_from_file(sys.argv[1]); print(type(r).__name__, len(r.elements))' "$TS_FILE"
else
    unavailable "pytypedstream unarchive" "$TS_FILE" "pytypedstream not installed"
fi

# 2b. A NIBArchive of the same wide shape: archive-browse, and the PyPI nibarchive parser.
if section nib; then
    ours "$NIB_FILE"
    if nibarchive_ok; then
        measure "nibarchive (PyPI) parse" "$NIB_FILE" "$TIMEOUT" peer python3 -c \
            'import nibarchive, sys; a = nibarchive.NIBArchiveParser().parse(open(sys.argv[1], "rb")); print(len(a.objects), "objects")' "$NIB_FILE"
    else
        unavailable "nibarchive (PyPI) parse" "$NIB_FILE" "nibarchive could not be installed"
    fi
fi

# 3. Time to first screen as files grow (whole-process wall time of --screen).
section ttfs && for f in "${TTFS_FILES[@]}"; do
    measure "first screen $SCREEN_SIZE" "$f" "$TIMEOUT" screen "$BIN" --screen "$SCREEN_SIZE" "$f"
done

REDRAW_LINE="redraw after a key: not measured (--only)" TMUX_LINE="not measured (--only)"
if section redraw; then
# 4. Redraw after a key, 1M-element array expanded:
#    (wall with expand + STEPS x step) - (wall with expand only), divided by STEPS.
STEPS_KEYS=$(printf "%${REDRAW_STEPS}s" '' | sed "s/ /$REDRAW_STEP_KEY/g")
# Both runs are repeated REDRAW_RUNS times and the fastest is used: the difference of two
# sub-second timings is easily swamped by other load on the machine.
M_REPEAT=$REDRAW_RUNS M_STAT=min measure "screen keys=expand" "$FLAT_FILE" "$TIMEOUT" screen "$BIN" --screen "$SCREEN_SIZE" --keys "$REDRAW_EXPAND_KEYS" "$FLAT_FILE"
BASE_WALL=$M_WALL BASE_OUT=$M_OUT
M_REPEAT=$REDRAW_RUNS M_STAT=min measure "screen keys=expand+${REDRAW_STEPS}x$REDRAW_STEP_KEY" "$FLAT_FILE" "$TIMEOUT" screen "$BIN" --screen "$SCREEN_SIZE" --keys "$REDRAW_EXPAND_KEYS$STEPS_KEYS" "$FLAT_FILE"
STEP_WALL=$M_WALL STEP_OUT=$M_OUT
if [ -s "$BASE_OUT" ] && [ -s "$STEP_OUT" ]; then
    SAME=""
    cmp -s "$BASE_OUT" "$STEP_OUT" && SAME="; WARNING: both screens are identical, so the keys had no visible effect (check REDRAW_* at the top of run.sh)"
    PER_KEY=$(python3 -c "print(f'{($STEP_WALL - $BASE_WALL) / $REDRAW_STEPS * 1000:.2f}')")
    NOISE=""
    python3 -c "import sys; sys.exit(0 if $STEP_WALL > $BASE_WALL else 1)" \
        || NOISE="; below timing noise: the run with the keys was not slower"
    REDRAW_LINE="redraw after a key: ($STEP_WALL s - $BASE_WALL s) / $REDRAW_STEPS = $PER_KEY ms per key (fastest of $REDRAW_RUNS runs each; keys: expand '$REDRAW_EXPAND_KEYS', step '$REDRAW_STEP_KEY' x $REDRAW_STEPS)$SAME$NOISE"
else
    REDRAW_LINE="redraw after a key: n/a (--screen printed nothing)"
fi
log "$REDRAW_LINE"

# 5. The same in the interactive browser under tmux: a real terminal loop (key, state update,
#    render, ncurses output). Start it on the flat file, wait until the screen stops changing (the
#    graph index is built in the background), expand, then send STEPS keys at once and time until
#    the status line shows REDRAW_TMUX_MARK. Per key = that time / STEPS.
redraw_tmux() {
    command -v tmux >/dev/null || { apt_install tmux || { TMUX_LINE="n/a (tmux unavailable)"; return; }; }
    local T="tmux -L ab-bench-$$" cap="$WORK/runs/tmux.cap" prev="" i t0 t1
    # Run it in the file's directory with a short name, so the status line has room for the path.
    $T -f /dev/null new-session -d -s bench -x "${SCREEN_SIZE%x*}" -y "${SCREEN_SIZE#*x}" -c "$(dirname "$FLAT_FILE")" \
        -e LANG=C.UTF-8 -e TERM=tmux-256color "'$BIN' '$(basename "$FLAT_FILE")'" || { TMUX_LINE="n/a (tmux did not start)"; return; }
    settle() { # wait until background work is over and two captures 1 s apart are equal (at most $1 s)
        prev=""
        for i in $(seq "$1"); do
            $T capture-pane -t bench -p > "$cap" 2>/dev/null || return 1
            # (a blank pane, before the first screen, does not count)
            if grep -q '[^[:space:]]' "$cap" && ! grep -qF -- "$REDRAW_TMUX_BUSY" "$cap" && [ "$(cat "$cap")" = "$prev" ]; then
                return 0
            fi
            prev=$(cat "$cap"); sleep 1
        done
        return 1
    }
    local started=$EPOCHREALTIME
    if ! settle 600; then TMUX_LINE="n/a (the screen did not settle in 600 s)"; $T kill-server 2>/dev/null || true; return; fi
    local settled
    settled=$(python3 -c "print(f'{$EPOCHREALTIME - $started:.0f}')")
    $T send-keys -t bench -l "$REDRAW_EXPAND_KEYS"
    settle 30 || true
    t0=$EPOCHREALTIME
    $T send-keys -t bench -l "$STEPS_KEYS"
    t1=""
    for i in $(seq 20000); do
        if $T capture-pane -t bench -p | grep -qF -- "$REDRAW_TMUX_MARK"; then t1=$EPOCHREALTIME; break; fi
    done
    $T capture-pane -t bench -p > "$cap" 2>/dev/null || true
    $T send-keys -t bench q 2>/dev/null || true
    sleep 0.3
    $T kill-server 2>/dev/null || true
    if [ -z "$t1" ]; then
        TMUX_LINE="n/a: '$REDRAW_TMUX_MARK' never appeared on the screen (see $cap; check REDRAW_TMUX_MARK)"
    else
        TMUX_LINE="$(python3 -c "print(f'{($t1 - $t0) * 1000:.0f} ms for $REDRAW_STEPS keys = {($t1 - $t0) / $REDRAW_STEPS * 1000:.2f} ms per key')") (interactive, under tmux, after background work ended, about ${settled} s after start; 1-minute load $(load1))"
    fi
}
TMUX_LINE=""
redraw_tmux
log "redraw under tmux: $TMUX_LINE"
fi

# 6. Sources (issue 27, 38): `--check` over a folder of many archives (the corpus's plists, keyed
#    archives, typedstreams and nibs copied COPIES times) in one run on both cores, against the
#    plutil -lint habit: one process per file, archive-browse --check and libplist's plistutil (which
#    reads only the plists: it fails on typedstreams and nibs, and is counted all the same).
if section sources; then
    CORPUS_DIR=${CORPUS_DIR:-$REPO/../shared/corpus}
    COPIES=${SOURCE_COPIES:-100}
    [ "$QUICK" = 1 ] && COPIES=${SOURCE_COPIES:-5}
    SOURCE_DIR="$WORK/files/corpus-x$COPIES"
    if [ -d "$CORPUS_DIR" ]; then
        [ -d "$SOURCE_DIR/copies" ] || python3 "$REPO/scripts/make_sources.py" "copies:$COPIES" "$SOURCE_DIR" "$CORPUS_DIR" >/dev/null
        DIR="$SOURCE_DIR/copies"
        NFILES=$(find "$DIR" -type f | wc -l)
        measure "archive-browse --check FOLDER ($NFILES files)" "$DIR" "$TIMEOUT" source "$BIN" --check "$DIR"
        measure "archive-browse --check FILE, one process per file" "$DIR" "$TIMEOUT" source bash -c \
            'find "$1" -type f -print0 | xargs -0 -n1 "$2" --check >/dev/null 2>&1; echo "$(find "$1" -type f | wc -l) processes"' _ "$DIR" "$BIN"
        if [ -n "$PLISTUTIL" ]; then
            measure "plistutil -f xml, one process per file" "$DIR" "$TIMEOUT" source bash -c \
                'ok=0; bad=0; while IFS= read -r -d "" f; do if "$2" -i "$f" -o /dev/null -f xml 2>/dev/null; then ok=$((ok+1)); else bad=$((bad+1)); fi; done < <(find "$1" -type f -print0); echo "$ok read, $bad refused"' _ "$DIR" "$PLISTUTIL"
        else
            unavailable "plistutil -f xml, one process per file" "$DIR" "libplist-utils could not be installed"
        fi
    else
        unavailable "archive-browse --check FOLDER" "$REPO" "no corpus at $CORPUS_DIR"
    fi

    # The source row of issue 38: a database of SOURCE_ROWS keyed archives (100,000; --quick 2,000),
    # every archive out as JSON Lines in one run, against one process per row (a sample of
    # SOURCE_SAMPLE rows, 500, timed and extrapolated to all rows: the tool name says so) and a Python
    # loop over the rows with nska_deserialize (one process, as a script would do it).
    ROWS=${SOURCE_ROWS:-100000}
    [ "$QUICK" = 1 ] && ROWS=${SOURCE_ROWS:-2000}
    SAMPLE=${SOURCE_SAMPLE:-500}
    [ "$SAMPLE" -gt "$ROWS" ] && SAMPLE=$ROWS
    DB="$WORK/files/archives-$ROWS.db"
    mkdir -p "$WORK/files"
    [ -f "$DB" ] || python3 "$BENCH_DIR/generate_db.py" "$ROWS" "$DB" >/dev/null
    measure "archive-browse --unarchive json DB ($ROWS rows, one process)" "$DB" "$TIMEOUT" source bash -c \
        '"$2" --unarchive json "$1" --columns date >/dev/null 2>"$3"; rc=$?; tail -1 "$3"; exit $rc' _ "$DB" "$BIN" "$WORK/runs/unarchive-db.err"
    measure "archive-browse --unarchive json DB:PLACE, one process per row ($SAMPLE of $ROWS rows timed; x$((ROWS / SAMPLE)) for all)" "$DB" "$TIMEOUT" source bash -c \
        'for i in $(seq 1 "$3"); do "$2" --unarchive json "$1:message.attributedBody:$i" >/dev/null 2>&1 || exit 1; done; echo "$3 processes"' _ "$DB" "$BIN" "$SAMPLE"
    if nska_ok; then
        measure "Python loop over the rows, nska_deserialize to JSON ($ROWS rows, one process)" "$DB" "$TIMEOUT" source python3 -c '
import json, sqlite3, sys, nska_deserialize
db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro&immutable=1", uri=True)
n = 0
with open("/dev/null", "w") as out:
    for rowid, date, body in db.execute("SELECT ROWID, date, attributedBody FROM message"):
        value = nska_deserialize.deserialize_plist_from_string(body)
        out.write(json.dumps({"rowid": rowid, "date": date, "document": value}, default=str) + "\n")
        n += 1
print(n, "rows")' "$DB"
    else
        unavailable "Python loop over the rows, nska_deserialize to JSON" "$DB" "nska-deserialize could not be installed"
    fi
fi

# 7. Conversion (issue 39): the writers. A plain plist converted each way by archive-browse
#    `--unarchive`, plistutil and Python's plistlib, the output written to a file as a user redirects
#    it; each writer's MB/s beside the physical references (reading the XML output back with cat,
#    writing as many bytes with dd); and `--unarchive json` of the typedstream and the NIB (the keyed
#    archive's is in section 1), against their `--check`.
if section conversion; then
    plain_check_and_convert() { # file format...: archive-browse --check, then --unarchive FORMAT for each
        local f=$1 format; shift
        measure "archive-browse --check" "$f" "$TIMEOUT" check "$BIN" --check "$f"
        for format in "$@"; do
            measure "archive-browse --unarchive $format" "$f" "$TIMEOUT" convert "$BIN" --unarchive "$format" "$f"
            if [ "$format" = xml1 ]; then cp "$M_OUT" "$WORK/runs/plain-xml1.out"; fi
        done
    }
    plain_check_and_convert "$PLAIN_BIN" xml1 json
    if [ -n "$PLISTUTIL" ]; then
        measure "plistutil -f xml" "$PLAIN_BIN" "$TIMEOUT" convert "$PLISTUTIL" -i "$PLAIN_BIN" -o /dev/stdout -f xml
    else
        unavailable "plistutil -f xml" "$PLAIN_BIN" "libplist-utils could not be installed"
    fi
    unavailable "plistutil (JSON)" "$PLAIN_BIN" "$PLISTUTIL_VERSION writes no JSON (only bin and xml)"
    measure "Python plistlib (binary to XML)" "$PLAIN_BIN" "$TIMEOUT" convert python3 -c \
        'import plistlib, sys; sys.stdout.buffer.write(plistlib.dumps(plistlib.load(open(sys.argv[1], "rb")), fmt=plistlib.FMT_XML, sort_keys=False))' "$PLAIN_BIN"
    measure "Python plistlib + json (binary to JSON)" "$PLAIN_BIN" "$TIMEOUT" convert python3 -c \
        'import json, plistlib, sys; json.dump(plistlib.load(open(sys.argv[1], "rb")), sys.stdout, default=str)' "$PLAIN_BIN"
    plain_check_and_convert "$PLAIN_XML" binary1
    if [ -n "$PLISTUTIL" ]; then
        measure "plistutil -f bin" "$PLAIN_XML" "$PLISTUTIL_XML_TIMEOUT" convert "$PLISTUTIL" -i "$PLAIN_XML" -o /dev/stdout -f bin
    else
        unavailable "plistutil -f bin" "$PLAIN_XML" "libplist-utils could not be installed"
    fi
    measure "Python plistlib (XML to binary)" "$PLAIN_XML" "$TIMEOUT" convert python3 -c \
        'import plistlib, sys; sys.stdout.buffer.write(plistlib.dumps(plistlib.load(open(sys.argv[1], "rb")), fmt=plistlib.FMT_BINARY, sort_keys=False))' "$PLAIN_XML"
    XML1_OUT="$WORK/runs/plain-xml1.out"
    if [ -s "$XML1_OUT" ]; then
        REFERENCE_BYTES=$(stat -c %s "$XML1_OUT")
        measure "reference: cat (the --unarchive xml1 output) > /dev/null" "$XML1_OUT" "$TIMEOUT" reference sh -c 'cat "$1" > /dev/null' sh "$XML1_OUT"
        REFERENCE_BYTES=$(( (REFERENCE_BYTES + 1048575) / 1048576 * 1048576 ))
        measure "reference: dd (as many bytes to a file)" "$XML1_OUT" "$TIMEOUT" reference \
            dd if=/dev/zero of="$WORK/runs/dd.out" bs=1M count=$((REFERENCE_BYTES / 1048576)) status=none
        unset REFERENCE_BYTES
        rm -f "$WORK/runs/dd.out"
    fi
    # The typedstream's and the NIB's --check and --json come from their sections; run them here
    # when those sections are not.
    { section shapes || section typedstream; } || ours "$TS_FILE"
    section nib || ours "$NIB_FILE"
    for f in "$TS_FILE" "$NIB_FILE"; do
        measure "archive-browse --unarchive json" "$f" "$TIMEOUT" json "$BIN" --unarchive json "$f"
    done
fi

LOAD_END=$(cut -d' ' -f1-3 /proc/loadavg)

# ---- report --------------------------------------------------------------------------------------
{
    echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "command=$COMMAND_LINE"
    echo "nproc=$(nproc)"
    echo "free=$(free -g | awk '/^Mem:/ { printf "total %s GiB, used %s, free %s, buff/cache %s, available %s", $2, $3, $4, $6, $7 }')"
    echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
    echo "load_start=$LOAD_START"
    echo "load_measure=$LOAD_MEASURE"
    echo "load_end=$LOAD_END"
    echo "bin=$BIN ($BUILD_NOTE)"
    echo "swift=$(swiftc --version 2>&1 | head -1)"
    echo "python=$PYTHON_VERSION"
    echo "plistutil=$PLISTUTIL_VERSION"
    echo "nska=$NSKA_VERSION"
    echo "repeat=$REPEAT"
    echo "redraw=$REDRAW_LINE"
    echo "redraw_tmux=$TMUX_LINE"
    echo "instructions_tool=$INSTR_TOOL"
    echo "note=${BENCH_NOTE:-}"
    echo "generated=$(cat "$USED_FILES")"
} > "$WORK/meta.txt"
OUT_MD="$BENCH_DIR/results.md"
[ -n "$ONLY" ] && OUT_MD="$WORK/results-only.md"
python3 "$BENCH_DIR/report.py" "$RESULTS_TSV" "$WORK/meta.txt" "$OUT_MD"
mkdir -p "$WORK/history"
cp "$OUT_MD" "$WORK/history/results-$(date -u +%Y%m%dT%H%M%S).md"
log "wrote $OUT_MD"
