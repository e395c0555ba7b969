#!/usr/bin/env bash
# Part of the demo: remove-demo deletes this file.
# Quality bar 13 in a release build: client reports are sent the same way when the optimizer has had its say.
# Builds `errorflow` in release, runs every scenario with --format json, and checks that the scenarios that
# send reports deliver exactly as many as the catalog says (none waiting, none dropped), and that no other
# scenario sends any. Exit 0 when they all match; non-zero with one line per difference otherwise.
#
# Usage: Scripts/release-reports.sh            (from anywhere; builds into .build/release)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

timeout 2400 swift build -c release --product errorflow
binary=.build/release/errorflow

# The scenarios that send reports, and how many: bad cards dropped or kept, fields defaulted, an avatar left out,
# a user without an id.
declare -A expected=([cards-partly-invalid]=3 [profile-missing-fields]=2 [profile-invalid-avatar]=1 [profile-broken]=1)

status=0
checked=0
while read -r scenario screen _; do
    [[ -n "$scenario" ]] || continue
    output="$(timeout 60 "$binary" "$screen" --scenario "$scenario" --format json 2> /dev/null)" || true
    counts="$(printf '%s' "$output" | python3 -c '
import json, sys
try:
    run = json.load(sys.stdin)
except ValueError:
    print("no-json"); sys.exit(0)
print(len(run.get("clientReports", [])), len(run.get("pendingReports", [])), run.get("droppedReports", 0))')"
    want="${expected[$scenario]:-0} 0 0"
    if [[ "$counts" != "$want" ]]; then
        echo "release-reports: $scenario: delivered/pending/dropped $counts, expected $want" >&2
        status=1
    fi
    checked=$((checked + 1))
done < <("$binary" scenarios)

[[ $checked -gt 30 ]] || { echo "release-reports: only $checked scenarios listed" >&2; exit 1; }
echo "release-reports: $checked scenarios in a release build, reports as the catalog says: $([[ $status -eq 0 ]] && echo yes || echo NO)"
exit "$status"
