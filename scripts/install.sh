#!/usr/bin/env bash
# Installs archive-browse under a prefix: the binary, its man page and its bash, zsh and fish
# completions, and a manifest of exactly those files, which --uninstall (and the next install, so an
# older install is replaced, not mixed with the new one) removes. Needs no network.
#
#   scripts/install.sh [--dry-run] [--binary PATH] [PREFIX]    # PREFIX defaults to /usr/local
#   scripts/install.sh --uninstall [--dry-run] [PREFIX]
#
# The binary is built with `swift build -c release`; on Linux with --static-swift-stdlib, so it runs
# on a machine without a Swift toolchain (the system's C library, ncursesw, SQLite and zlib stay
# shared). On macOS the Swift runtime is part of the system. --binary installs an already built
# binary instead of building one. The man page and completions are the ones in share/, which
# scripts/generate-share.sh makes from the argument definitions (a test fails when they are stale).
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: scripts/install.sh [--dry-run] [--binary PATH] [PREFIX]
       scripts/install.sh --uninstall [--dry-run] [PREFIX]

Installs archive-browse under PREFIX (default /usr/local):
  PREFIX/bin/archive-browse                                  the binary (built in release mode)
  PREFIX/share/man/man1/archive-browse.1                     the man page
  PREFIX/share/bash-completion/completions/archive-browse    bash completion
  PREFIX/share/zsh/site-functions/_archive-browse            zsh completion
  PREFIX/share/fish/vendor_completions.d/archive-browse.fish fish completion
  PREFIX/share/archive-browse/install-manifest.txt           what was installed, for --uninstall

Options:
  --uninstall    remove exactly the files (and the directories it created) that the manifest lists
  --dry-run      print what would be built, written or removed, and change nothing
  --binary PATH  install this binary instead of building one
  -h, --help     this text
Exit status: 0 done, 1 nothing installed (--uninstall), 2 bad arguments or a prefix it cannot write.
USAGE
}

die() { echo "install.sh: $*" >&2; exit 2; }

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=/usr/local
uninstall=false
dry_run=false
binary=""
prefix_given=false
while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) usage; exit 0 ;;
    --uninstall) uninstall=true ;;
    --dry-run) dry_run=true ;;
    --binary) [ $# -ge 2 ] || die "--binary needs a path"; binary=$2; shift ;;
    --binary=*) binary=${1#--binary=} ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *) $prefix_given && die "one PREFIX only (see --help)"; prefix=$1; prefix_given=true ;;
  esac
  shift
done

[ -n "$prefix" ] || die "PREFIX is empty"
case $prefix in *$'\n'*) die "PREFIX holds a newline" ;; esac
case $prefix in /*) ;; *) prefix="$PWD/$prefix" ;; esac
prefix=${prefix%/}
[ -n "$prefix" ] || prefix=/

manifest_rel=share/archive-browse/install-manifest.txt
manifest="$prefix/$manifest_rel"
# Destination (relative to PREFIX) and source (relative to the repository) of the data files.
data_files=(
  "share/man/man1/archive-browse.1|share/man/man1/archive-browse.1"
  "share/bash-completion/completions/archive-browse|share/completions/archive-browse.bash"
  "share/zsh/site-functions/_archive-browse|share/completions/_archive-browse"
  "share/fish/vendor_completions.d/archive-browse.fish|share/completions/archive-browse.fish"
)

note() { $dry_run || printf '%s\n' "$*"; }
run() { if $dry_run; then printf 'would run:'; printf ' %q' "$@"; echo; else "$@"; fi; }

# The nearest directory of PATH that exists.
existing_ancestor() {
  local dir=$1
  while [ ! -e "$dir" ]; do dir=$(dirname "$dir"); done
  printf '%s\n' "$dir"
}

# Fails unless PREFIX is (or can be made) a writable directory.
check_prefix_writable() {
  local base
  base=$(existing_ancestor "$prefix")
  [ -d "$base" ] || die "cannot create $prefix: $base is not a directory"
  [ -w "$base" ] || die "$base is not writable (run as a user who may write there, or pick another PREFIX)"
}

# A manifest line is a path relative to PREFIX ("f PATH" a file, "d PATH" a directory it created);
# anything absolute or with a .. component is refused, so a damaged manifest removes nothing outside.
safe_relative() {
  case $1 in ''|/*|..|../*|*/..|*/../*) return 1 ;; esac
  return 0
}

# Removes what MANIFEST lists: its files, then the directories the install created, deepest first,
# each only when empty; then the manifest. Prints each removal.
remove_listed() {
  local line kind rel dirs=()
  while IFS= read -r line || [ -n "$line" ]; do
    kind=${line%% *}; rel=${line#* }
    safe_relative "$rel" || { echo "install.sh: skipping unsafe manifest entry '$rel'" >&2; continue; }
    case $kind in
      f) if [ -f "$prefix/$rel" ] || [ -L "$prefix/$rel" ]; then run rm -f -- "$prefix/$rel"; note "removed $prefix/$rel"; fi ;;
      d) dirs+=("$rel") ;;
    esac
  done < "$manifest"
  run rm -f -- "$manifest"
  note "removed $manifest"
  local i
  for ((i = ${#dirs[@]} - 1; i >= 0; i--)); do
    if [ -d "$prefix/${dirs[i]}" ] && [ -z "$(ls -A "$prefix/${dirs[i]}")" ]; then
      run rmdir -- "$prefix/${dirs[i]}"; note "removed $prefix/${dirs[i]}/"
    fi
  done
}

if $uninstall; then
  [ -f "$manifest" ] || { echo "install.sh: nothing installed under $prefix (no $manifest)" >&2; exit 1; }
  check_prefix_writable
  remove_listed
  exit 0
fi

check_prefix_writable
for entry in "${data_files[@]}"; do
  [ -f "$repo/${entry#*|}" ] || die "missing $repo/${entry#*|} (run scripts/generate-share.sh)"
done

# The binary: built in release mode unless --binary names one.
if [ -z "$binary" ]; then
  build=(swift build -c release --product archive-browse --package-path "$repo")
  # Linux: the Swift runtime linked in. macOS: it is in the OS (since macOS 10.14.4), so no flag.
  [ "$(uname -s)" = Darwin ] || build+=(--static-swift-stdlib)
  echo "building: ${build[*]}"
  if $dry_run; then
    run "${build[@]}"
    binary="<release build>/archive-browse"
  else
    "${build[@]}"
    binary="$("${build[@]}" --show-bin-path)/archive-browse"
  fi
fi
$dry_run || [ -x "$binary" ] || die "no executable at $binary"

# An older install is replaced, not mixed: what its manifest lists goes first.
if [ -f "$manifest" ]; then
  echo "replacing the install listed in $manifest"
  remove_listed
fi

# Directories the install creates are recorded, so --uninstall removes them and no others.
created=()
make_dir() {
  local rel=$1 parent
  [ -d "$prefix/$rel" ] && return 0
  parent=$(dirname "$rel")
  [ "$parent" = . ] || make_dir "$parent"
  run mkdir -- "$prefix/$rel"
  created+=("$rel")
}
[ -d "$prefix" ] || run mkdir -p -- "$prefix"

installed=()
put() {  # put MODE SOURCE DESTINATION-RELATIVE-TO-PREFIX
  make_dir "$(dirname "$3")"
  run install -m "$1" -- "$2" "$prefix/$3"
  installed+=("$3")
  note "installed $prefix/$3"
}
put 755 "$binary" bin/archive-browse
for entry in "${data_files[@]}"; do
  put 644 "$repo/${entry#*|}" "${entry%%|*}"
done
make_dir "$(dirname "$manifest_rel")"
if $dry_run; then
  echo "would write $manifest"
else
  {
    for rel in "${installed[@]}"; do echo "f $rel"; done
    for rel in "${created[@]}"; do echo "d $rel"; done
  } > "$manifest"
  echo "installed $manifest (scripts/install.sh --uninstall $(printf '%q' "$prefix") removes all of the above)"
fi
