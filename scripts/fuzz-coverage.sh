#!/usr/bin/env bash
# Source coverage of the fuzz corpora: how much of each layer the inputs libFuzzer kept actually run.
#
#   scripts/fuzz-coverage.sh [--show] [TARGET...]      (default: all six targets)
#
# Builds each target with clang-style coverage mapping (release, fuzzer instrumentation, no ASan) in
# .build-fuzzcov, replays fuzz-work/corpus/<target> and fuzz-work/seeds/<target> once (-runs=0, nothing
# is mutated or added), and reports line, region and function coverage of the sources the target owns
# (below), with the files that miss the most lines. --show also writes the annotated sources of the
# layer, uncovered lines marked, to fuzz-work/coverage/<target>.txt.
# libFuzzer's own "cov:" figure counts instrumented edges, trap edges included; this counts source.
#
#   FuzzBinaryPlist    Sources/BinaryPlist
#   FuzzXMLPlist       Sources/XMLPlist
#   FuzzOpenStepPlist  Sources/OpenStepPlist
#   FuzzTypedstream    Sources/Typedstream
#   FuzzNIBArchive     Sources/NIBArchive
#   FuzzBookmark       Sources/Bookmark
#   FuzzSwiftName      Sources/ArchiveAudit
#   FuzzIB3XML         Sources/IB3XML
#   FuzzKeyedArchive   Sources/KeyedArchive/Keyed, Sources/ArchiveDocuments/KnownClasses
#   FuzzLZFSE          Sources/AppleCompression
#   FuzzRender         Sources/TUI (without Terminal, the curses seam), Sources/ArchiveDocuments/Outline
#
# Environment: FUZZ_WORK (fuzz-work), FUZZ_MAX_LEN (4096, as scripts/fuzz.sh), FUZZ_NICE (10).
# Exit status: 0; 1 when a corpus input fails under this build (a finding: the replay stops there);
# 2 on a build failure, bad usage or a target with no corpus yet.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/fuzz-env.sh
ALL=("${FUZZ_TARGETS[@]}")
SCRATCH=.build-fuzzcov

show=0
targets=()
for arg in "$@"; do
  case "$arg" in
    --show) show=1 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *)
      if is_fuzz_target "$arg"; then targets+=("$arg")
      else echo "fuzz-coverage.sh: unknown argument '$arg' (targets: ${ALL[*]})" >&2; exit 2; fi ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${ALL[@]}")

sources_of() { # target -> the source paths it owns
  case "$1" in
    FuzzBinaryPlist) echo Sources/BinaryPlist ;;
    FuzzXMLPlist) echo Sources/XMLPlist ;;
    FuzzOpenStepPlist) echo Sources/OpenStepPlist ;;
    FuzzTypedstream) echo Sources/Typedstream ;;
    FuzzNIBArchive) echo Sources/NIBArchive ;;
    FuzzBookmark) echo Sources/Bookmark ;;
    FuzzSwiftName) echo Sources/ArchiveAudit ;;
    FuzzIB3XML) echo Sources/IB3XML ;;
    FuzzKeyedArchive) echo Sources/KeyedArchive/Keyed Sources/ArchiveDocuments/KnownClasses ;;
    FuzzLZFSE) echo Sources/AppleCompression ;;
    FuzzRender) echo Sources/TUI/Input Sources/TUI/Render Sources/TUI/Screen Sources/TUI/State \
      Sources/TUI/Headless.swift Sources/TUI/Session.swift Sources/TUI/SessionStack.swift Sources/ArchiveDocuments/Outline ;;
  esac
}

# The LLVM tools that match the compiler: next to swift first, then PATH.
toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
tool() { if [ -x "$toolchain/$1" ]; then echo "$toolchain/$1"; else command -v "$1"; fi; }
PROFDATA=$(tool llvm-profdata) || { echo "fuzz-coverage.sh: llvm-profdata not found" >&2; exit 2; }
COV=$(tool llvm-cov) || { echo "fuzz-coverage.sh: llvm-cov not found" >&2; exit 2; }

out=$WORK/coverage
mkdir -p "$out"
rows=()
findings=0
for t in "${targets[@]}"; do
  dirs=()
  for d in "$WORK/corpus/$t" "$WORK/seeds/$t"; do [ -d "$d" ] && dirs+=("$d"); done
  if [ ${#dirs[@]} -eq 0 ]; then echo "fuzz-coverage.sh: no corpus for $t yet (run scripts/fuzz.sh $t first)" >&2; exit 2; fi
  echo "fuzz-coverage.sh: building $t with coverage mapping" >&2
  log=$(mktemp)
  if ! nice -n "$NICE" swift build -c release --product "$t" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer \
      -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping --scratch-path "$SCRATCH" >"$log" 2>&1; then
    grep -v 'Cannot export local symbol' "$log" | tail -40 >&2; rm -f "$log"; exit 2
  fi
  rm -f "$log"
  inputs=$(find "${dirs[@]}" -type f | wc -l)
  echo "fuzz-coverage.sh: replaying $inputs inputs through $t" >&2
  rm -f "$out/$t".profraw "$out/$t".profdata
  LLVM_PROFILE_FILE="$out/$t.profraw" nice -n "$NICE" "$SCRATCH/release/$t" -runs=0 -max_len="$MAX_LEN" \
    -rss_limit_mb=4096 -timeout=120 -artifact_prefix="$out/$t-" "${dirs[@]}" >"$out/$t.log" 2>&1 || true
  if grep -qE 'deadly signal|fuzz check failed|ERROR: libFuzzer' "$out/$t.log"; then
    # A corpus input fails under this build (the harness or the code changed since it was kept).
    echo "fuzz-coverage.sh: replaying $t hit a finding: see $out/$t.log (the input is saved as $out/$t-crash-*)" >&2
    grep -E 'fuzz check failed|ERROR|SUMMARY|Test unit written' "$out/$t.log" | head -6 >&2 || true
    rows+=("$t|$inputs|finding|-|-"); findings=1; continue
  fi
  [ -s "$out/$t.profraw" ] || { echo "fuzz-coverage.sh: $t wrote no profile (see $out/$t.log)" >&2; exit 2; }
  "$PROFDATA" merge -sparse "$out/$t.profraw" -o "$out/$t.profdata"
  read -r -a paths <<<"$(sources_of "$t")"
  "$COV" report "$SCRATCH/release/$t" -instr-profile="$out/$t.profdata" "${paths[@]}" >"$out/$t.report.txt"
  if [ $show = 1 ]; then
    "$COV" show "$SCRATCH/release/$t" -instr-profile="$out/$t.profdata" -show-line-counts "${paths[@]}" >"$out/$t.txt"
  fi
  # TOTAL row: regions missed cover functions missed executed lines missed cover ...
  read -r _ regions rmiss rcover funcs fmiss fcover lines lmiss lcover _ < <(grep '^TOTAL' "$out/$t.report.txt")
  rows+=("$t|$inputs|$lcover ($((lines - lmiss))/$lines)|$rcover|$fcover")
  echo "  files missing the most lines:" >&2
  grep -E '^\S+\.swift ' "$out/$t.report.txt" | awk '$9 > 0 { printf "    %-44s %4d of %5d lines missed\n", $1, $9, $8 }' | sort -k2 -nr | head -5 >&2 || true
done

echo
printf '%-18s %8s %22s %9s %10s\n' target inputs lines regions functions
for row in "${rows[@]}"; do
  IFS='|' read -r t n l r f <<<"$row"
  printf '%-18s %8s %22s %9s %10s\n' "$t" "$n" "$l" "$r" "$f"
done
echo "reports: $out/<target>.report.txt$([ $show = 0 ] || echo ", annotated sources: $out/<target>.txt")"
exit $findings
