#!/usr/bin/env bash
# Build a source tree of exactly N files (default 100,000) from the crate sources cargo has
# unpacked under ~/.cargo/registry/src, copied as many times as needed, with a `MEMORY:`
# comment appended to one .rs file in a hundred. The tree is a git work tree (no commits),
# so ripgrep and mind both honour the crates' .gitignore files, and has `.mind/` at its root.
#
# usage: benches/gen_tree.sh DEST [N]
set -euo pipefail
dest=$1
want=${2:-100000}
mind=${MIND:-mind}
src=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/ | head -1)
[ -d "$src" ] || { echo "no crate sources under ~/.cargo/registry/src; run cargo fetch first" >&2; exit 1; }

rm -rf "$dest"
mkdir -p "$dest"
copy=0
count=0
while [ "$count" -lt "$want" ]; do
    cp -r "$src" "$dest/copy$copy"
    copy=$((copy + 1))
    count=$(find "$dest" -type f | wc -l)
done
# Trim to N - 1 files (the last copy is partial); `mind init` adds CLAUDE.md as the Nth.
find "$dest" -type f | sort | tail -n +"$want" | xargs -r rm -f
find "$dest" -name '*.rs' | sort | awk 'NR % 100 == 0' | while read -r f; do
    printf '\n// MEMORY: decided: keep %s small because the bench says so\n' "$(basename "$f")" >>"$f"
done
cd "$dest"
git init -q
"$mind" init -q
echo "tree: $(find . -path ./.git -prune -o -path ./.mind -prune -o -type f -print | wc -l) files in $dest"
