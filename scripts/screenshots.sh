#!/usr/bin/env bash
# Screenshots of the browser: drives the real archive-browse in a private tmux server at 110x32 and
# renders each screen with scripts/ansi2png.py into screenshots/*.png.
#
#   scripts/screenshots.sh                 build release (incremental) and write screenshots/
#   ARCHIVE_BROWSE_BIN=path scripts/...    use an existing binary instead of building
#   OUT=dir scripts/screenshots.sh         write somewhere else
#   SCRATCH_PATH=.build-x scripts/...      build in another scratch directory (default .build)
#
# Installs what it needs when missing: tmux and fonts from apt (fonts-dejavu-core, fonts-unifont,
# fonts-noto-color-emoji), Pillow from PyPI. Files from ../shared/corpus are used when present; without
# the corpus, corrupt-file.png shows the damaged demo and embedded.png an archive made here with Python.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${OUT:-$ROOT/screenshots}
CORPUS=${CORPUS:-$ROOT/../shared/corpus}
COLS=110
ROWS=32

log() { printf '%s\n' "screenshots: $*" >&2; }

# --- dependencies ------------------------------------------------------------------------------
apt_missing=()
command -v tmux >/dev/null || apt_missing+=(tmux)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || apt_missing+=(fonts-dejavu-core)
[ -f /usr/share/fonts/opentype/unifont/unifont.otf ] || apt_missing+=(fonts-unifont)
[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || apt_missing+=(fonts-noto-color-emoji)
python3 -c 'import PIL' 2>/dev/null || python3 -m pip --version >/dev/null 2>&1 || apt_missing+=(python3-pip)
if ((${#apt_missing[@]})); then
    SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)
    log "installing ${apt_missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${apt_missing[@]}" >/dev/null
fi
if ! python3 -c 'import PIL' 2>/dev/null; then
    log "installing pillow"
    python3 -m pip install -q pillow 2>/dev/null || python3 -m pip install -q --break-system-packages pillow
fi

# --- the binary --------------------------------------------------------------------------------
BIN=${ARCHIVE_BROWSE_BIN:-}
if [ -z "$BIN" ]; then
    log "building release"
    swift build -c release --product archive-browse --scratch-path "${SCRATCH_PATH:-.build}" >&2
    BIN="$(swift build -c release --scratch-path "${SCRATCH_PATH:-.build}" --show-bin-path)/archive-browse"
fi
[ -x "$BIN" ] || { log "no executable at $BIN"; exit 2; }

# --- tmux --------------------------------------------------------------------------------------
WORK=$(mktemp -d)
SOCKET="ab-shots-$$"
T() { tmux -L "$SOCKET" -f /dev/null "$@"; }
cleanup() { T kill-server 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT
mkdir -p "$OUT"

# start DIR ARGS...: the browser in DIR, in a fresh 110x32 session.
start() {
    local dir=$1; shift
    T kill-server 2>/dev/null || true
    T new-session -d -s shot -x "$COLS" -y "$ROWS" -c "$dir" -e LANG=C.UTF-8 -e TERM=tmux-256color "$BIN" "$@"
}

keys() { T send-keys -t shot "$@"; }

capture() { T capture-pane -t shot -p; }

# wait_for TEXT: polls the screen (up to 15 s) until it shows TEXT, then until it stops changing.
wait_for() {
    local i previous="" current
    for ((i = 0; i < 300; i++)); do
        if capture | grep -qF -- "$1"; then
            for ((i = 0; i < 40; i++)); do
                current=$(T capture-pane -t shot -p -e -N)
                [ "$current" = "$previous" ] && return 0
                previous=$current
                sleep 0.05
            done
            return 0
        fi
        sleep 0.05
    done
    log "timed out waiting for: $1"
    capture >&2
    return 1
}

# shot NAME: the current screen as OUT/NAME.png.
shot() {
    T capture-pane -t shot -p -e -N >"$WORK/$1.ans"
    python3 "$ROOT/scripts/ansi2png.py" "$WORK/$1.ans" "$OUT/$1.png" --cols "$COLS" --rows "$ROWS"
    log "wrote $OUT/$1.png"
}

stop() { keys C-c; T kill-server 2>/dev/null || true; }

# --- the screens -------------------------------------------------------------------------------

# tree.png: the demo with a few levels expanded (books › [0] with its author, metadata), index built.
start "$WORK" --demo
wait_for "→ #1 (4 refs)"
keys j j j j l k k l l l l j l
wait_for "born  integer  1929"
wait_for "root › books › [0] › author"
shot tree
stop

# detail-coercions.png: an inline integer too big for 32 bits, and what each decode method makes of it.
start "$WORK" --demo
wait_for "→ #1 (4 refs)"
keys j j l l J J l l j j d
wait_for "coercions"
wait_for "root › books › [2] › rating"
shot detail-coercions
stop

# hex.png: the bytes of a UTF-16 string holding CJK, an escape sequence and an emoji.
start "$WORK" --demo
wait_for "→ #1 (4 refs)"
keys j j l l J J l l x
wait_for "bytes [725"
shot hex
stop

# problems.png: the damaged demo's problems list (a full check runs first).
start "$WORK" --demo corrupt
wait_for "? help"
keys p
wait_for "Enter jumps"
wait_for "problems ("
shot problems
stop

# truncated.png: a keyed archive cut 30 bytes short: the status line names the likely cause, and the
# problems list shows it first, with its evidence as notes.
if [ -f "$CORPUS/keyed-binary/fq__recentdocs.sfl2" ]; then
    head -c -30 "$CORPUS/keyed-binary/fq__recentdocs.sfl2" >"$WORK/recentdocs-cut.sfl2"
else
    log "../shared/corpus not found: truncated.png shows a keyed archive made here with Python"
    python3 - "$WORK/recentdocs-cut.sfl2" <<'EOF'
import plistlib, sys
objects = ["$null", {"$class": plistlib.UID(2), "NS.objects": [plistlib.UID(3 + i) for i in range(20)]},
           {"$classname": "NSArray", "$classes": ["NSArray", "NSObject"]}] + ["item %d" % i for i in range(20)]
data = plistlib.dumps({"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": plistlib.UID(1)},
                       "$objects": objects}, fmt=plistlib.FMT_BINARY)
open(sys.argv[1], "wb").write(data[:-30])
EOF
fi
start "$WORK" recentdocs-cut.sfl2
wait_for "likely cause: truncated"
keys p
wait_for "causes first"
shot truncated
stop

# corrupt-file.png: a real damaged file (its offset table is unusable: objects recovered by scanning),
# after the full check, with the detail pane on the root.
if [ -f "$CORPUS/corrupt/rust-plist__binary_zero_offset_size.plist" ]; then
    start "$CORPUS/corrupt" rust-plist__binary_zero_offset_size.plist
    wait_for "lost and found"
    keys p
    wait_for "Enter jumps"
    keys Escape d
    wait_for "diagnostics ("
else
    log "../shared/corpus not found: corrupt-file.png shows the damaged demo"
    start "$WORK" --demo corrupt
    wait_for "? help"
    keys j l l d
    wait_for "diagnostics ("
fi
shot corrupt-file
stop

# help.png: scrolled to the keys for searching, jumping, embedded archives, panes and quitting.
start "$WORK" --demo
wait_for "? help"
keys '?'
wait_for "archive-browse keys"
keys j j j j j j j j j j j j j j j j j j j j j j j j
wait_for "quit at once"
shot help
stop

# repaired.png: a keyed nib put through unix2dos (a CR before every LF), shown as repaired (R): the
# status line says what was undone, rows holding a changed byte are marked.
if [ -f "$CORPUS/keyed-binary/vienna__ja_InfoWindow.nib__keyedobjects.nib" ]; then
    python3 - "$CORPUS/keyed-binary/vienna__ja_InfoWindow.nib__keyedobjects.nib" "$WORK/InfoWindow-unix2dos.nib" <<'EOF'
import sys
open(sys.argv[2], "wb").write(open(sys.argv[1], "rb").read().replace(b"\n", b"\r\n"))
EOF
    start "$WORK" InfoWindow-unix2dos.nib
    wait_for "? help"
    keys R
    wait_for "repaired reading"
    keys / NSvFlags Enter
    wait_for "✎ repaired"
    shot repaired
    stop
else
    log "../shared/corpus not found: no repaired.png"
fi

# embedded.png: an iMessage typedstream opened (o) from the plist that holds it.
if [ -f "$CORPUS/plist/imessage-exporter__EditedToLinkAndBack.plist" ]; then
    start "$CORPUS/plist" imessage-exporter__EditedToLinkAndBack.plist
    wait_for "? help"
    # root › ec › 0 › [1] › t, then open it and expand the attributed string's attribute run.
    keys j l l l l l l j h J l l j j
    wait_for "⧉ embedded typedstream"
    keys o
    wait_for "› #18 t"
    keys j j l l d
    wait_for "chain   NSNumber v0"
else
    log "../shared/corpus not found: embedded.png shows a keyed archive inside a plist made here"
    python3 - "$WORK/message.plist" <<'EOF'
import plistlib, sys
inner = plistlib.dumps({"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": plistlib.UID(1)},
    "$objects": ["$null", {"$class": plistlib.UID(3), "text": plistlib.UID(2), "count": 3},
                 "embedded hello", {"$classname": "Note", "$classes": ["Note", "NSObject"]}]},
    fmt=plistlib.FMT_BINARY)
open(sys.argv[1], "wb").write(plistlib.dumps({"message": {"body": inner, "sender": "someone"}}, fmt=plistlib.FMT_BINARY))
EOF
    start "$WORK" message.plist
    wait_for "message  dict"
    keys j l j
    wait_for "⧉ embedded bplist00"
    keys o
    wait_for "› #"
    keys j d
fi
wait_for "? help"
shot embedded
stop

# nib-connections.png: a compiled nib (NIBArchive): its connections listed one step from the top, an
# outlet expanded to its source, destination and label, the detail pane on it.
if [ -f "$CORPUS/nibarchive/viraptor-ibtool__test5_connect.nib" ]; then
    start "$CORPUS/nibarchive" viraptor-ibtool__test5_connect.nib
    wait_for "connections  list"
    keys G l j l d
    wait_for "destination"
    shot nib-connections
    stop
else
    log "../shared/corpus not found: no nib-connections.png"
fi

# source-database.png: a chat.db-like database (issue 27) as a source: every column value that holds an
# archive, listed with its date column (--columns), a preview of what it says, its format, size and
# problem count (issue 38), sorted by problems; the half archive first.
if python3 "$ROOT/scripts/make_sources.py" chatdb "$WORK/db" "$CORPUS" >/dev/null; then
    start "$WORK/db" --columns message.date,text chat.db
    wait_for "6 archives"
    wait_for "2 !"
    wait_for "payload\""
    keys s s s s s s g
    wait_for "problems ▼"
    shot source-database
    stop
else
    log "python3 could not build a database: no source-database.png"
fi

log "done"
