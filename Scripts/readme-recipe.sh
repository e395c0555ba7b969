#!/usr/bin/env bash
# Part of the demo: remove-demo deletes this file.
# Runs README.md's two recipes verbatim, in order, in one scratch home, as a newcomer would: "Against your own
# backend" (every command must succeed), then "Your backend under faults" (its dropped answer exits 3 by design, so
# each of its steps is checked by what it prints).
set -euo pipefail
cd "$(dirname "$0")/.."

recipe() { awk -v heading="### $1" '$0 == heading {found=1} found && /^```bash/{inside=1; next} inside && /^```/{exit} inside{print}' README.md; }
block=$(recipe "Against your own backend")
[[ -n $block ]] || { echo "readme-recipe: no bash block under 'Against your own backend'" >&2; exit 1; }
faults=$(recipe "Your backend under faults")
[[ -n $faults ]] || { echo "readme-recipe: no bash block under 'Your backend under faults'" >&2; exit 1; }

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
echo "readme-recipe: the first recipe worked"

echo "$faults" | sed 's/^/  $ /'
# The same home: the first recipe's transfer and sign-out are behind it. Its servers are stopped by its own kills.
timeout 120 bash -uo pipefail -c "$faults" > "$home/faults" 2>&1 || true
expect() { grep -q -- "$1" "$home/faults" || { cat "$home/faults"; echo "readme-recipe: the fault recipe did not say: $1" >&2; exit 1; }; }
expect "We couldn't confirm your transfer"
expect "completed · EUR 7.25"
expect "access token refreshed once"
expect "attempt 2 of GET /v1/wallet"
expect '"fault":"429"'
echo "readme-recipe: both recipes worked, in order, in one home"
