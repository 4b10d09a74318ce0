#!/usr/bin/env bash
# Records what `archive-browse --check --no-group` reports for every corpus file (and any extra files
# named), so that two binaries can be compared diagnostic by diagnostic: a refactor or a speed-up of
# the check must give the same lines, or exactly the differences it means to make.
#
#   scripts/check-diff.sh record  BIN DIR [FILE...]   writes DIR/<corpus path>.check (stdout, then
#                                                    "exit N" and the stderr summary) per file
#   scripts/check-diff.sh compare BIN DIR [FILE...]   records BIN into a temporary directory and diffs it
#                                                    against DIR: per file the added (+) and removed (-)
#                                                    lines, then a count of changed files; exit 1 if any
#
# The corpus is ../shared/corpus (MANIFEST.tsv lists its files), or $CORPUS. Extra FILEs are recorded
# under DIR/extra/ by their base name. Each run is limited to $CHECK_TIMEOUT seconds (default 120).
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS=${CORPUS:-../shared/corpus}
TIMEOUT=${CHECK_TIMEOUT:-120}

usage() { sed -n 2,12p "$0" >&2; exit 2; }
[ $# -ge 3 ] || usage
mode=$1 bin=$2 dir=$3
shift 3
[ -x "$bin" ] || { echo "check-diff: $bin is not an executable" >&2; exit 2; }

record_one() { # BIN INPUT OUTPUT
  mkdir -p "$(dirname "$3")"
  local err rc=0
  err=$(mktemp)
  timeout "$TIMEOUT" "$1" --check --no-group "$2" >"$3" 2>"$err" || rc=$?
  { echo "exit $rc"; cat "$err"; echo; } >>"$3"
  rm -f "$err"
}

record() { # BIN DIR FILE...
  local bin=$1 out=$2
  shift 2
  mkdir -p "$out"
  if [ -f "$CORPUS/MANIFEST.tsv" ]; then
    tail -n +2 "$CORPUS/MANIFEST.tsv" | cut -f1 | while IFS= read -r name; do
      [ -f "$CORPUS/$name" ] && record_one "$bin" "$CORPUS/$name" "$out/$name.check"
    done
  else
    echo "check-diff: no $CORPUS/MANIFEST.tsv; only the files named are recorded" >&2
  fi
  for f in "$@"; do record_one "$bin" "$f" "$out/extra/$(basename "$f").check"; done
}

case "$mode" in
  record)
    record "$bin" "$dir" "$@"
    echo "check-diff: recorded $(find "$dir" -name '*.check' | wc -l) files in $dir" >&2
    ;;
  compare)
    [ -d "$dir" ] || { echo "check-diff: no recording at $dir" >&2; exit 2; }
    now=$(mktemp -d)
    trap 'rm -rf "$now"' EXIT
    record "$bin" "$now" "$@"
    changed=0
    while IFS= read -r rel; do
      before="$dir/$rel" after="$now/$rel"
      [ -f "$before" ] || before=/dev/null
      [ -f "$after" ] || after=/dev/null
      if ! cmp -s "$before" "$after"; then
        changed=$((changed + 1))
        echo "== ${rel%.check}"
        diff "$before" "$after" | grep -E '^[<>]' | sed -e 's/^</-/' -e 's/^>/+/' || true
      fi
    done < <( (cd "$dir" && find . -name '*.check'; cd "$now" && find . -name '*.check') | sed 's|^\./||' | sort -u)
    echo "check-diff: $changed changed file(s) of $(find "$now" -name '*.check' | wc -l)" >&2
    [ "$changed" = 0 ]
    ;;
  *) usage ;;
esac
