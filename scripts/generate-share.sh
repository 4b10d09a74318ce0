#!/usr/bin/env bash
# Regenerates the man page and the shell completions in share/ from the argument definitions, never by
# hand: the completions with swift-argument-parser's --generate-completion-script, the man page with
# its generate-manual plugin (both read the same ArgumentParser definitions the binary parses with).
# share/man/dump-help.json is the --experimental-dump-help the man page was made from: the
# ManPageFreshnessTests compare it, and each completion script, with what the built binary prints, and
# fail when the argument definitions changed without this script being run. No network.
#
#   scripts/generate-share.sh   (ARCHIVE_BROWSE_SCRATCH_PATH=DIR to build in another scratch directory)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${ARCHIVE_BROWSE_SCRATCH_PATH:-.build}

swift build --scratch-path "$scratch" --product archive-browse
bin="$(swift build --scratch-path "$scratch" --show-bin-path)/archive-browse"

mkdir -p share/completions share/man/man1
"$bin" --generate-completion-script bash > share/completions/archive-browse.bash
"$bin" --generate-completion-script zsh > share/completions/_archive-browse
"$bin" --generate-completion-script fish > share/completions/archive-browse.fish
"$bin" --experimental-dump-help > share/man/dump-help.json

# The page's date is the version's (the last commit of the file that holds it), so regenerating it
# on another day changes nothing.
date=$(git log -1 --format=%cs -- Sources/archive-browse/ArchiveBrowseVersion.swift 2>/dev/null || true)
[ -n "$date" ] || date=$(date -u +%Y-%m-%d)
swift package --scratch-path "$scratch" plugin generate-manual --configuration debug --date "$date"
page=$(find "$scratch/plugins/GenerateManual/outputs" -name archive-browse.1 -newer share/man/dump-help.json | head -n 1)
[ -n "$page" ] || { echo "generate-share.sh: generate-manual wrote no archive-browse.1" >&2; exit 1; }
cp "$page" share/man/man1/archive-browse.1
echo "generate-share.sh: wrote share/completions/* and share/man/man1/archive-browse.1 (from share/man/dump-help.json)"
