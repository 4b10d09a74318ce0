#!/usr/bin/env bash
# Checks scripts/install.sh end to end, as a user would run it (CI runs this; it does a release build,
# a few minutes on two cores): installs into a new temporary PREFIX whose name has a space and which
# already holds a file of someone else's, then checks
#   - the binary's dynamic dependencies are system libraries only (ldd / otool -L): no Swift runtime,
#   - it runs from an empty environment (env -i): --version, --demo --check, --demo --screen 80x24,
#   - the man page renders (man -l, where man is installed) and the bash completion loads,
#   - a second install replaces the first (the same files, the manifest unchanged),
#   - --uninstall leaves PREFIX exactly as it was before (the other file still there).
#   scripts/check-install.sh [--binary PATH]    (--binary: skip the release build, install PATH)
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "check-install: FAILED: $*" >&2; exit 1; }
install_args=()
[ "${1:-}" = --binary ] && install_args=(--binary "$2")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/pre fix"
mkdir -p "$prefix/bin"
echo "someone else's" > "$prefix/bin/other-tool"
before=$(cd "$prefix" && find . | LC_ALL=C sort)

scripts/install.sh "${install_args[@]}" "$prefix"
bin="$prefix/bin/archive-browse"
[ -x "$bin" ] || fail "no $bin"

# Dynamic dependencies: system libraries only.
if [ "$(uname -s)" = Darwin ]; then
  deps=$(otool -L "$bin" | tail -n +2 | awk '{print $1}')
  bad=$(printf '%s\n' "$deps" | grep -v -E '^(/usr/lib/|/System/Library/)' || true)
else
  deps=$(ldd "$bin")
  bad=$(printf '%s\n' "$deps" | grep -v -E 'linux-vdso|ld-linux|=> (/lib|/usr/lib)/' || true)
  if printf '%s\n' "$deps" | grep -q -E 'libswift|libFoundation|libdispatch|libBlocksRuntime'; then
    bad="$bad"$'\n'"a Swift runtime library is linked dynamically"
  fi
fi
echo "dependencies:"; printf '%s\n' "$deps" | sed 's/^[[:space:]]*/  /'
[ -z "$bad" ] || fail "not a system library: $bad"

# Runs from an empty environment, away from the toolchain.
version=$(env -i "$bin" --version) || fail "--version in an empty environment"
echo "version: $version"
case $version in "archive-browse "[0-9]*) ;; *) fail "--version printed '$version'" ;; esac
env -i "$bin" --demo --check 2>/dev/null || fail "--demo --check in an empty environment"
screen=$(env -i "$bin" --demo --screen 80x24) || fail "--demo --screen 80x24 in an empty environment"
[ "$(printf '%s\n' "$screen" | wc -l)" -ge 24 ] || fail "--screen 80x24 printed fewer than 24 lines"

# The man page renders; the completions load.
page="$prefix/share/man/man1/archive-browse.1"
if command -v man >/dev/null 2>&1; then
  rendered=$(MANWIDTH=80 man -l "$page" 2>&1) || fail "man -l $page"
  printf '%s\n' "$rendered" | grep -q -- '--check' || fail "the rendered man page does not mention --check"
  echo "man page: renders ($(printf '%s\n' "$rendered" | wc -l) lines)"
else
  echo "man page: not rendered (no man here)"
fi
bash -c 'source "$1" && complete -p archive-browse' _ "$prefix/share/bash-completion/completions/archive-browse" \
  >/dev/null || fail "the bash completion does not load"
echo "bash completion: loads"
if command -v zsh >/dev/null 2>&1; then zsh -n "$prefix/share/zsh/site-functions/_archive-browse" || fail "zsh completion"; fi
if command -v fish >/dev/null 2>&1; then fish -n "$prefix/share/fish/vendor_completions.d/archive-browse.fish" || fail "fish completion"; fi

# A second install replaces the first.
manifest="$prefix/share/archive-browse/install-manifest.txt"
first=$(cat "$manifest")
scripts/install.sh --binary "$bin.copy" "$prefix" >/dev/null 2>&1 && fail "a missing --binary was accepted"
cp "$bin" "$work/archive-browse"
scripts/install.sh --binary "$work/archive-browse" "$prefix" >/dev/null
[ "$(cat "$manifest")" = "$first" ] || fail "a second install changed the manifest"

# Uninstall leaves PREFIX as it was.
scripts/install.sh --uninstall "$prefix"
after=$(cd "$prefix" && find . | LC_ALL=C sort)
[ "$before" = "$after" ] || fail "uninstall left a different tree: $(diff <(echo "$before") <(echo "$after") || true)"
[ "$(cat "$prefix/bin/other-tool")" = "someone else's" ] || fail "uninstall touched another file"
echo "check-install: passed"
