#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (release + ASan + fuzzer), one at a time, and prints a table.
#
#   scripts/fuzz.sh [--smoke] [--fast] [SECONDS_PER_TARGET] [TARGET...]
#   scripts/fuzz.sh [--fast] --merge [TARGET...]
#
#   --smoke        20 s per target (unless SECONDS is given), for CI
#   --fast         no AddressSanitizer (release + fuzzer only, in .build-fuzzfast; FuzzKeyedArchive in
#                  .build-fuzzfast-keyed): about 3x the executions for long runs; Swift's own bounds
#                  and overflow checks still trap
#   --merge        instead of fuzzing, shrink each target's corpus to the inputs that keep its coverage
#                  (libFuzzer's -merge=1, into a new directory that then replaces it; the old one is kept as
#                  corpus/<target>.before-merge until the next merge). A corpus that grew for hours loads
#                  slowly at every start: the render corpus went from 66,895 files (143 s) to 10,649 (23 s)
#   SECONDS        time per target (default 60)
#   TARGET         any of the targets below (default: all)
#
# Work lives in fuzz-work/ (gitignored): seeds/<target> (copied from ../shared/corpus plus fixtures the
# project builds), corpus/<target> (grows across runs), findings/<target> (crash-/leak-/timeout-/oom-
# files), logs/, and ledger.tsv (one row per run, for cumulative figures: date, target, seconds run,
# executions, exec/s, cov/ft, corpus files, findings or exit status, flavour).
# Environment: FUZZ_JOBS (default 1; N > 1 runs libFuzzer's -fork=N, N processes sharing the corpus),
# FUZZ_MAX_LEN (default 4096), FUZZ_RSS_MB (2048), FUZZ_TIMEOUT (10 s; raise it for
# background runs at nice 19, where a starved process can exceed 10 s of wall time on a fast input), FUZZ_NICE (10), FUZZ_CORPUS (../shared/corpus),
# FUZZ_WORK (fuzz-work; a fresh directory starts from the seeds alone, as on a clean CI checkout),
# FUZZ_SEEDGEN (a built corruption-campaign to write the fixture seeds; else one is built in .build-fuzzdev),
# FUZZ_SCALE_EXEC_TIME (libFuzzer's -entropic_scale_per_exec_time: 1 schedules cheap inputs more; default 1
# for FuzzRender, FuzzBinaryPlist and FuzzTypedstream, 0 for the others).
# Exit status: 0 when no target found anything new, 1 otherwise, 2 on a build failure or bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/fuzz-env.sh
ALL=("${FUZZ_TARGETS[@]}")
SCRATCH=.build-fuzz
RSS_MB=${FUZZ_RSS_MB:-2048}
TIMEOUT=${FUZZ_TIMEOUT:-10}
JOBS=${FUZZ_JOBS:-1}
CORPUS=${FUZZ_CORPUS:-../shared/corpus}

seconds=""
smoke=0
merge=0
fast=0
targets=()
for arg in "$@"; do
  case "$arg" in
    --smoke) smoke=1 ;;
    --fast) fast=1 ;;
    --merge) merge=1 ;;
    -h|--help) sed -n '2,/^[^#]/{/^#/p}' "$0"; exit 0 ;;
    ''|*[!0-9]*)
      if is_fuzz_target "$arg"; then targets+=("$arg")
      else echo "fuzz.sh: unknown argument '$arg' (targets: ${ALL[*]})" >&2; exit 2; fi ;;
    *) seconds=$arg ;;
  esac
done
[ -n "$seconds" ] || seconds=$([ $smoke = 1 ] && echo 20 || echo 60)
[ ${#targets[@]} -gt 0 ] || targets=("${ALL[@]}")
started=$(date +%s)
if [ $fast = 1 ]; then SCRATCH=.build-fuzzfast; SANITIZERS=fuzzer; FLAVOUR=fast; else SANITIZERS=fuzzer,address; FLAVOUR=asan; fi

# --- build ---------------------------------------------------------------------------------------
quiet_build() { # filters the ~140 harmless "Cannot export local symbol" link warnings
  local log; log=$(mktemp)
  if ! nice -n "$NICE" swift build "$@" >"$log" 2>&1; then
    grep -v 'Cannot export local symbol' "$log" | tail -40 >&2; rm -f "$log"; return 1
  fi
  rm -f "$log"
}
# Edge coverage alone outside ArchiveModel (Package.swift says why); FuzzKeyedArchive has it in
# ArchiveModel too, in a scratch path of its own: its input is a builder program, so ArchiveModel compares
# the bytes of the archive built from it, never the input's own, and libFuzzer's comparison hints had
# nothing to offer there; without their hooks it runs 1.8x the inputs (ROBUSTNESS.md).
# SwiftPM does not recompile a module whose flags alone changed, so a scratch path built under other
# coverage settings starts over (its stamp names the settings).
edges_of() { case "$1" in FuzzKeyedArchive) echo everywhere ;; *) echo 1 ;; esac; }
scratch_of() { case "$(edges_of "$1")" in everywhere) echo "$SCRATCH-keyed" ;; *) echo "$SCRATCH" ;; esac; }
for t in "${targets[@]}"; do
  edges=$(edges_of "$t"); scratch=$(scratch_of "$t")
  coverage="edges-only-$([ "$edges" = everywhere ] && echo everywhere || echo outside-ArchiveModel)"
  stamp="$scratch/archive-browse-coverage"
  if [ -d "$scratch" ] && [ "$(cat "$stamp" 2>/dev/null)" != "$coverage" ]; then
    echo "fuzz.sh: $scratch was built with other coverage flags; rebuilding it from scratch" >&2
    rm -rf "$scratch"
  fi
  echo "fuzz.sh: building $t" >&2
  ARCHIVE_BROWSE_FUZZ_EDGES_ONLY=$edges quiet_build -c release --product "$t" --sanitize=fuzzer -Xswiftc -sanitize="$SANITIZERS" --scratch-path "$scratch" || exit 2
  echo "$coverage" >"$stamp"
done
# --- merge (instead of fuzzing) ------------------------------------------------------------------
if [ $merge = 1 ]; then
  for t in "${targets[@]}"; do
    corpus="$WORK/corpus/$t"
    [ -d "$corpus" ] || { echo "fuzz.sh: no $corpus to merge" >&2; continue; }
    merged="$corpus.merging"
    rm -rf "$merged"; mkdir -p "$merged" "$WORK/logs"
    log="$WORK/logs/$t-merge-$(date +%Y%m%d-%H%M%S).log"
    echo "fuzz.sh: merging $corpus ($(find "$corpus" -type f | wc -l) files; log: $log)" >&2
    if ! nice -n "$NICE" "$(scratch_of "$t")/release/$t" -merge=1 -max_len="$MAX_LEN" -rss_limit_mb="$RSS_MB" \
        -timeout="$TIMEOUT" "$merged" "$corpus" >"$log" 2>&1; then
      echo "fuzz.sh: merging $t failed; $corpus is unchanged (see $log)" >&2; rm -rf "$merged"; exit 1
    fi
    rm -rf "$corpus.before-merge"; mv "$corpus" "$corpus.before-merge"; mv "$merged" "$corpus"
    echo "fuzz.sh: $t corpus now $(find "$corpus" -type f | wc -l) files ($(grep -o 'MERGE-OUTER: [0-9]* new files.*' "$log" | tail -1))" >&2
  done
  exit 0
fi

# The seed generator (debug is enough): the demo archives and builder fixtures. FUZZ_SEEDGEN may name
# an already built corruption-campaign (CI: .build/debug/corruption-campaign after `swift build`).
SEEDGEN=${FUZZ_SEEDGEN:-}
if [ -z "$SEEDGEN" ] || [ ! -x "$SEEDGEN" ]; then
  echo "fuzz.sh: building corruption-campaign (seed generator)" >&2
  quiet_build --product corruption-campaign --scratch-path .build-fuzzdev || exit 2
  SEEDGEN=.build-fuzzdev/debug/corruption-campaign
fi

# --- seeds ---------------------------------------------------------------------------------------
kind_of() { # bplist | typedstream | nib | lzfse | xml | openstep | other, from the first bytes
  local f=$1 head
  head=$(head -c 16 "$f" | tr -d '\000')
  case "$head" in bplist*) echo bplist; return ;; NIBArchive*) echo nib; return ;; bvx[-n12\$]*) echo lzfse; return ;; book*) echo bookmark; return ;; esac
  if head -c 16 "$f" | grep -aq -e streamtyped -e typedstream; then echo typedstream; return; fi
  # NUL bytes and byte-order marks dropped, so UTF-16 and UTF-32 text plists seed the text targets too.
  if head -c 4096 "$f" | tr -d '\000' | grep -aqi -e '<?xml' -e '<plist' -e '<!DOCTYPE'; then echo xml; return; fi
  case "$(head -c 512 "$f" | tr -d ' \t\r\n\000\376\377\357\273\277' | head -c 1)" in '{'|'('|'/'|'"') echo openstep; return ;; esac
  echo other
}
wants() { # target kind -> 0 when the target is seeded with that kind
  case "$1" in
    FuzzBinaryPlist|FuzzKeyedArchive) [ "$2" = bplist ] ;;
    FuzzXMLPlist) [ "$2" = xml ] ;;
    FuzzOpenStepPlist) [ "$2" = openstep ] || [ "$2" = xml ] ;;
    FuzzTypedstream) [ "$2" = typedstream ] ;;
    FuzzNIBArchive) [ "$2" = nib ] ;;
    FuzzIB3XML) [ "$2" = xml ] ;;
    FuzzLZFSE) [ "$2" = lzfse ] ;;
    FuzzBookmark) [ "$2" = bookmark ] ;;
    FuzzSwiftName) false ;; # names, not files: swift_name_seeds
    FuzzRepair) [ "$2" = bplist ] || [ "$2" = typedstream ] || [ "$2" = nib ] ;;
    FuzzRender) true ;;
  esac
}
# line_ending_seeds FILE SEED: SEED.<conversion> for each text-mode rewrite (LineEndingConversion) that
# changes FILE and still fits in -max_len: what a transfer in text mode does to a binary archive.
line_ending_seeds() {
  local conversion expression out
  for conversion in cr-to-lf:'s/\r/\n/g' crlf-to-lf:'s/\r\n/\n/g' lf-to-crlf:'s/\n/\r\n/g' cr-to-crlf:'s/\r/\r\n/g'; do
    expression=${conversion#*:}; out="$2.${conversion%%:*}"
    perl -0777 -pe "$expression" "$1" >"$out"
    if cmp -s "$1" "$out" || [ "$(wc -c <"$out")" -gt "$MAX_LEN" ]; then rm -f "$out"; fi
  done
}
fixtures=$WORK/fixtures
rm -rf "$fixtures"; mkdir -p "$fixtures"
"$SEEDGEN" --write-seeds "$fixtures"
sources=("$fixtures")
if [ -d "$CORPUS" ]; then sources+=("$CORPUS"); else echo "fuzz.sh: no $CORPUS; seeding with built fixtures only" >&2; fi
for t in "${targets[@]}"; do
  rm -rf "$WORK/seeds/$t"; mkdir -p "$WORK/seeds/$t" "$WORK/corpus/$t" "$WORK/findings/$t" "$WORK/logs"
  while IFS= read -r -d '' f; do
    case "$(basename "$f")" in MANIFEST.tsv|README.md|NOTICE.md) continue ;; esac
    # Named after the last two path parts (corpus folder and file), never starting with a dot.
    if wants "$t" "$(kind_of "$f")"; then
      seed="$WORK/seeds/$t/$(basename "$(dirname "$f")")-$(basename "$f")"
      # FuzzRepair: binary archives that fit in -max_len whole (a longer one would be cut, and a cut file
      # is not what the search is for), each also after the four line-ending conversions that change it.
      if [ "$t" = FuzzRepair ]; then
        [ "$(wc -c <"$f")" -le "$MAX_LEN" ] || continue
        line_ending_seeds "$f" "$seed"
      fi
      cp "$f" "$seed"
      # FuzzRender reads a key count from the last byte (RenderFuzzInput): 0 opens the whole file and
      # runs the fixed session.
      [ "$t" != FuzzRender ] || printf '\000' >>"$seed"
    fi
  done < <(find "${sources[@]}" -type f -print0)
done

# FuzzSwiftName reads a class name (and superclass lines): every Swift runtime name found in the seed
# sources (`_TtC…`, `_TtGC…`, `_TtCC…`), one a seed, and built ones: nested, the standard library's `s`,
# generic, private discriminators, non-ASCII, dotted, a Swift class above Objective-C ones and under them.
swift_name_seeds() {
  local dir="$WORK/seeds/FuzzSwiftName" n=0 name
  while IFS= read -r name; do
    n=$((n + 1)); printf '%s' "$name" >"$dir/found-$n"
  done < <(find "${sources[@]}" -type f -print0 | xargs -0 grep -aoh '_Tt[A-Za-z0-9_]*' 2>/dev/null | sort -u | head -2000)
  n=0
  for name in _TtC8MyModule6Person _TtCC4Main5Outer5Inner _TtCCC3App1A1B1C _TtCs12_SwiftObject \
      _TtGC4Main3BoxSS_ _TtGC10Foundation14__SwiftNSArray_ _TtC4MainP33_0123456789ABCDEF0123456789ABCDEF4Impl \
      _TtC7TestApp23ToolbarWindowController _TtC10Módulo_é6Person _TtCV9QuickLook34QLHostPrimaryViewControllerWrapper15HostCoordinator \
      _TtCC27DefaultAppsSettingsUIPlugin16LSChangeObserverP33_8C266E9A54B8FCC77A7EDD4AE9F2EF1A8Observer MyApp.Document MyApp.Outer.Inner \
      $'_TtC8MyModule6Person\nNSObject' $'NSView\n_TtC3App4Base\nNSObject' $'_TtCC4Main5Outer5Inner\n_TtC4Main4Base\nNSResponder\nNSObject'; do
    n=$((n + 1)); printf '%s' "$name" >"$dir/built-$n"
  done
}
for t in "${targets[@]}"; do [ "$t" != FuzzSwiftName ] || swift_name_seeds; done

# --- run -----------------------------------------------------------------------------------------
count_findings() { find "$WORK/findings/$1" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'slow-unit-*' \) | wc -l; }
rows=()
new_total=0
for t in "${targets[@]}"; do
  log="$WORK/logs/$t-$(date +%Y%m%d-%H%M%S).log"
  before=$(count_findings "$t")
  echo "fuzz.sh: running $t ($FLAVOUR) for ${seconds}s (log: $log)" >&2
  set +e
  # No re-reading of the corpus (on ~50,000 files the periodic re-read spent ~8% of the XML target's
  # time in stat calls). Two invocations of one target may share its corpus: each then sees only its own
  # new inputs until it is restarted.
  fork=(-reload=0); [ "$JOBS" -le 1 ] || fork=(-fork="$JOBS")
  # Scheduling by execution time ran 1.9-2.4x the inputs for the same coverage on these targets, and
  # cost the keyed target features (A/B runs in ROBUSTNESS.md); XML and OpenStep were not measured.
  case "$t" in FuzzRender|FuzzBinaryPlist|FuzzTypedstream|FuzzNIBArchive) scale=1 ;; *) scale=0 ;; esac
  scale=${FUZZ_SCALE_EXEC_TIME:-$scale}
  run_started=$(date +%s)
  nice -n "$NICE" "$(scratch_of "$t")/release/$t" "${fork[@]}" -entropic_scale_per_exec_time="$scale" \
    -max_total_time="$seconds" -print_final_stats=1 -max_len="$MAX_LEN" \
    -rss_limit_mb="$RSS_MB" -timeout="$TIMEOUT" -artifact_prefix="$WORK/findings/$t/" \
    "$WORK/corpus/$t" "$WORK/seeds/$t" >"$log" 2>&1
  status=$?
  set -e
  elapsed=$(( $(date +%s) - run_started )) # the ledger's time: a run stopped early ran less than asked
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  if [ -z "$execs" ]; then # -fork prints no final stats: the last "#N: cov: …" line has the total
    execs=$(sed -n 's/^#\([0-9]*\): cov:.*/\1/p' "$log" | tail -1)
    [ -z "$execs" ] || rate=$((execs / (elapsed > 0 ? elapsed : 1)))
  fi
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 | awk '{print $2 "/" $4}')
  corpus=$(find "$WORK/corpus/$t" -type f | wc -l)
  after=$(count_findings "$t")
  new=$((after - before))
  new_total=$((new_total + new))
  [ $status -eq 0 ] || [ $new -gt 0 ] || new="exit $status"
  rows+=("$t|${execs:-?}|${rate:-?}|${cov:-?}|$corpus|$new")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -Iseconds)" "$t" "$elapsed" "${execs:-0}" "${rate:-0}" "${cov:-?}" "$corpus" "$new" "$FLAVOUR$([ "$JOBS" -le 1 ] || echo "x$JOBS")$([ "$scale" != 1 ] || echo "+timesched")" >>"$WORK/ledger.tsv"
  if [ "$new" != 0 ]; then
    # The check's own lines (indented under "fuzz check failed") say which invariant broke.
    grep -E -A8 'fuzz check failed' "$log" | grep -E '^(fuzz check failed|  )' | head -10 >&2 || true
    grep -E 'ERROR|Fatal error|SUMMARY|Test unit written' "$log" | head -8 >&2 || true
  fi
done

# --- table ---------------------------------------------------------------------------------------
echo
printf '%-18s %12s %9s %14s %8s %9s\n' target executions exec/s cov/ft corpus findings
for row in "${rows[@]}"; do
  IFS='|' read -r t e r c n f <<<"$row"
  printf '%-18s %12s %9s %14s %8s %9s\n' "$t" "$e" "$r" "$c" "$n" "$f"
done
echo
echo "cumulative ($WORK/ledger.tsv, all runs so far):"
awk -F'\t' '{ e[$2] += $4; s[$2] += $3 } END { for (t in e) printf "  %-18s %14d executions in %6d s\n", t, e[t], s[t] }' "$WORK/ledger.tsv" | sort
echo "findings so far: $(find "$WORK/findings" -type f | wc -l) file(s) under $WORK/findings"
echo "fuzz.sh: total $(( $(date +%s) - started )) s"
[ "$new_total" -eq 0 ] || exit 1
