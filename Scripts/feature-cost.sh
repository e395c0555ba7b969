#!/usr/bin/env bash
# Part of the demo: remove-demo deletes this file.
# What a feature costs after the scaffold: `new-feature Orders`, then the reference patch that makes the list a
# feature (fields, one error of its own worded in English and German, its contract, one demo fixture, its tests:
# Scripts/feature-cost/orders.patch), built and tested; then the files the patch touches and the lines it adds,
# production, contract and docs, demo and tests apart. Fails when production needs more than 7 files or 200 lines.
# Then the existing files the scaffold edited, and the feature's whole production code (scaffold and patch), which
# are printed against their goals (at most 4 edited files; at most 10 files and 300 lines) without failing yet.
#
# Usage: Scripts/feature-cost.sh              scaffold and patch in the scratch copy (refreshed from the repository)
#        Scripts/feature-cost.sh --in-place   patch the scratch copy as it is (Scripts/template-check.sh has just
#                                             scaffolded Orders there)
#
# Environment: MUTANTS_SCRATCH (default .build-mutants/src), as for Scripts/mutate.sh; TEMPLATE_NICE (default 10).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="${MUTANTS_SCRATCH:-$root/.build-mutants/src}"
niceness="${TEMPLATE_NICE:-10}"
patch_file="$root/Scripts/feature-cost/orders.patch"
say() { echo "feature-cost: $*"; }
before=$(mktemp -d)
restore=""
cleanup() {
    rm -rf "$before"
    if [[ -n $restore ]]; then "$root/Scripts/refresh-scratch.sh" "$scratch" > /dev/null; fi
}
trap cleanup EXIT
run() { (cd "$scratch" && timeout --kill-after=30 "$1" nice -n "$niceness" "${@:2}"); }

if [[ "${1:-}" != "--in-place" ]]; then
    mkdir -p "$(dirname "$scratch")"
    exec 9> "$(dirname "$scratch")/lock"
    if command -v flock > /dev/null; then
        flock -w 600 9 || { say "another run is using $scratch" >&2; exit 2; }
    fi
    restore=1
    "$root/Scripts/refresh-scratch.sh" "$scratch"
    run 300 swift package --allow-writing-to-package-directory new-feature Orders > /dev/null
fi

# The repository's files as they were before the feature, to tell the scaffold's edits and the feature's code apart.
git -C "$root" ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$before")
scaffold_edits=$(cd "$before" && find . -type f | while read -r file; do
    cmp -s "$file" "$scratch/$file" || echo "${file#./}"
done | sort)

run 60 patch --quiet --forward -p1 < "$patch_file" || { say "the patch no longer applies to the scaffold" >&2; exit 1; }
run 1800 swift build --build-tests --explicit-target-dependency-import-check error
tests=$(run 600 swift test --skip-build --filter "OrdersFeatureTests|ArchitectureTests|ScenarioCatalogTests|OpenAPIDocumentTests")
grep -E "^✔ Test run with" <<< "$tests" || { echo "$tests" | tail -40 >&2; say "the feature's tests failed" >&2; exit 1; }
tour="$(run 300 .build/debug/errorflow tour --screen orders)"
grep -q "every scenario ended as the catalog says" <<< "$tour" || { echo "$tour" >&2; say "the tour strayed" >&2; exit 1; }
feature_tests=$(cat "$scratch"/Tests/OrdersFeatureTests/*.swift | grep -cE '@Test\b')

# Lines added per file, from the patch itself; each file in the group its path says.
awk -v tests="$feature_tests" '
    /^\+\+\+ b\// { file = substr($0, 7); next }
    /^\+\+\+ / || /^---/ { next }
    /^\+/ { added[file]++ }
    END {
        for (file in added) {
            group = file ~ /^Tests\// ? "tests" : file ~ /^Demo\// ? "demo" : file ~ /^(docs\/|ARCHITECTURE)/ ? "contract and docs" : "production"
            files[group]++; lines[group] += added[file]
            printf "  %-18s %4d  %s\n", group, added[file], file | "sort"
        }
        close("sort")
        for (group in files) printf "%s: %d files, %d lines\n", group, files[group], lines[group]
        printf "the feature has %d tests\n", tests
        if (files["production"] > 7 || lines["production"] > 200) { print "over the goal: at most 7 files and 200 lines of production code"; exit 1 }
    }' "$patch_file"

# The honest counts: the existing files the scaffold edited, and the feature's whole production code (Modules and
# App: the files the scaffold wrote and the patch changed, and the lines they add to files that were there before).
echo "the scaffold edited $(wc -l <<< "$scaffold_edits") existing files (the goal is at most 4):"
sed 's/^/  /' <<< "$scaffold_edits"
production=$(cd "$scratch" && find Modules App -type f \( -name '*.swift' -o -name '*.strings' \) | sort)
new_files=0; new_lines=0; old_files=0; old_lines=0
while read -r file; do
    if [[ -f "$before/$file" ]]; then
        added=$(diff "$before/$file" "$scratch/$file" | grep -c '^>' || true)
        if (( added > 0 )); then old_files=$((old_files + 1)); old_lines=$((old_lines + added)); fi
    else
        new_files=$((new_files + 1)); new_lines=$((new_lines + $(wc -l < "$scratch/$file")))
    fi
done <<< "$production"
echo "the feature's production code: $((new_files + old_files)) files, $((new_lines + old_lines)) lines" \
    "($new_files new files of $new_lines lines, $old_lines lines in $old_files existing ones; the goal is at most" \
    "10 files and 300 lines)"
say "a feature costs what is printed above"
