#!/usr/bin/env bash
# Part of the demo: remove-demo deletes this file.
# Runs README.md's "Against your own backend" commands verbatim, in a scratch home, and fails if any of them does.
set -euo pipefail
cd "$(dirname "$0")/.."

block=$(awk '/^### Against your own backend/{found=1} found && /^```bash/{inside=1; next} inside && /^```/{exit} inside{print}' README.md)
[[ -n $block ]] || { echo "readme-recipe: no bash block under 'Against your own backend'" >&2; exit 1; }

home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export XDG_CONFIG_HOME="$home/config" XDG_STATE_HOME="$home/state"
port_in_use() { (exec 3<>/dev/tcp/127.0.0.1/8080) 2>/dev/null; }
if port_in_use; then echo "readme-recipe: port 8080 is taken; skipped (the recipe needs it)" >&2; exit 0; fi

echo "$block" | sed 's/^/  $ /'
# Each line must succeed; the background server is stopped by the block's own `kill %1`.
bash -euo pipefail -c "$block" > "$home/out" 2>&1 || { cat "$home/out"; echo "readme-recipe: a command failed" >&2; exit 1; }
grep -q "Signed in as" "$home/out" && grep -q "completed · EUR 12.50" "$home/out" && grep -q "Signed out: removed" "$home/out" \
  || { cat "$home/out"; echo "readme-recipe: the recipe did not sign in, transfer and sign out" >&2; exit 1; }
echo "readme-recipe: every command worked"
