#!/usr/bin/env bash
# Counts the places the code repeats itself (the `duplicates` command) over the tracked tree without
# its generated files: docs/flows/*.js (npm run flows), the compiled Lingui catalogues and the route
# tree. `duplicates` has no exclude option and reads what git tracks, so the files are copied, as
# they are in the working tree, into a scratch repository of their own and counted there.
# Usage: bash scripts/duplicates-count.sh [duplicates options]  (default: --most 200 --seconds 300)
set -euo pipefail
cd "$(dirname "$0")/.."

generated='^docs/flows/.*\.js$|^src/locales/.*\.(js|mjs|ts)$|^src/routeTree\.gen\.ts$'

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

git ls-files -z | grep -zvE "$generated" | while IFS= read -r -d '' file; do
  # A tracked file deleted in the working tree is not part of the tree being counted.
  [ -f "$file" ] && printf '%s\0' "$file"
done | xargs -0 cp --parents -t "$scratch"

git -C "$scratch" init -q
git -C "$scratch" add -A
git -C "$scratch" -c user.name=count -c user.email=count@localhost commit -qm 'tree to count'

[ "$#" -gt 0 ] || set -- --most 200 --seconds 300
cd "$scratch" && duplicates "$@"
