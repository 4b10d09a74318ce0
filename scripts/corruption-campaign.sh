#!/usr/bin/env bash
# Corruption campaign: every truncation (a dense sample of about 2,000 cut points for larger files) and
# 200 seeded random byte changes of every corpus file and built fixture, each decoded fully in process
# (full check, index, invariants, 200 outline rows, dump) with a 10 s watchdog. See ROBUSTNESS.md.
#
#   scripts/corruption-campaign.sh [corruption-campaign options] [PATH...]   (default PATH: ../shared/corpus)
#   options: --mutations N  --cuts N  --seed N  --timeout S  --json  --no-fixtures  --only NAME
#
# The tool writes the input it is about to decode to fuzz-work/campaign/current; if the process dies
# (a crash, or exit 70 after a hang it reported itself), this wrapper records the input as a finding,
# writes its bytes to fuzz-work/campaign/findings/, and resumes after it. The report ends up in
# fuzz-work/campaign/report.md. Exit status: 0 when there were no findings, 1 otherwise, 2 on errors.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${CAMPAIGN_OUT:-fuzz-work/campaign}
BIN=.build-fuzzdev/release/corruption-campaign
export SWIFT_BACKTRACE=enable=no

args=("$@")
has_path=0
skip=0
for a in "$@"; do
  if [ $skip = 1 ]; then skip=0; continue; fi
  case "$a" in
    --mutations|--cuts|--seed|--timeout|--grace|--only|--crash-on|--hang-on) skip=1 ;;
    --*) ;;
    *) has_path=1 ;;
  esac
done
if [ $has_path = 0 ]; then
  if [ -d ../shared/corpus ]; then args+=(../shared/corpus); else echo "corruption-campaign: no ../shared/corpus; fixtures only" >&2; fi
fi

nice swift build -c release --product corruption-campaign --scratch-path .build-fuzzdev 2>&1 | grep -E 'error|warning: unre' >&2 || true
[ -x "$BIN" ] || { echo "corruption-campaign: build failed" >&2; exit 2; }

rm -rf "$OUT"
mkdir -p "$OUT/findings"
started=$(date +%s)
resume=()
restarts=0
while true; do
  set +e
  nice "$BIN" --out "$OUT" "${args[@]}" "${resume[@]}"
  status=$?
  set -e
  [ $status -eq 0 ] && break
  current=$(cat "$OUT/current" 2>/dev/null || true)
  if [ -z "$current" ]; then echo "corruption-campaign: exited with status $status and no current input" >&2; exit 2; fi
  name=$(printf '%s' "$current" | cut -f1)
  variant=$(printf '%s' "$current" | cut -f2)
  if [ $status -ne 70 ]; then # 70: a hang the tool reported itself before exiting
    signal=$((status > 128 ? status - 128 : 0))
    printf 'finding\t%s\t%s\tcrash\tprocess died with status %s (signal %s)\n' "$name" "$variant" "$status" "$signal" >>"$OUT/results.tsv"
  fi
  file="$OUT/findings/$(printf '%s-%s' "$name" "$variant" | tr '/ ' '__').bin"
  "$BIN" --reproduce "$name" "$variant" "$file" "${args[@]}" || true
  echo "corruption-campaign: $name $variant killed the run (status $status); bytes in $file; resuming" >&2
  resume=(--resume-after "$name"$'\t'"$variant")
  restarts=$((restarts + 1))
  [ $restarts -lt 200 ] || { echo "corruption-campaign: too many restarts" >&2; break; }
done
"$BIN" --report "$OUT" >"$OUT/report.md"
{
  echo
  echo "command: scripts/corruption-campaign.sh $*"
  echo "wall time including restarts: $(( $(date +%s) - started )) s, restarts: $restarts"
} >>"$OUT/report.md"
cat "$OUT/report.md"
if grep -q '^finding' "$OUT/results.tsv"; then exit 1; fi
