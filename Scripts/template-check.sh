#!/usr/bin/env bash
# The template's promises, checked in the mutation check's scratch copy (its .build is reused, so nothing is
# built cold): README's "Add a feature" (the scaffold builds, its tests and the architecture guards pass, the tour
# plays its scenarios, the lint is clean), what a feature then costs (Scripts/feature-cost.sh: at most 7 files and
# 200 lines of production code) and "Remove the demo" (its folders are gone, nothing left names it, the
# result builds and passes its own tests, `errorflow-app` runs, the mutants still fit). The copy is refreshed from
# the repository before each, and once more at the end.
#
# Usage: Scripts/template-check.sh
#
# Environment: MUTANTS_SCRATCH (default .build-mutants/src), as for Scripts/mutate.sh; TEMPLATE_NICE (default 10).
# Exit status: 0 when both hold; the failing command's status otherwise.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="${MUTANTS_SCRATCH:-$root/.build-mutants/src}"
niceness="${TEMPLATE_NICE:-10}"
say() { echo "template-check: $*"; }
run() { (cd "$scratch" && timeout --kill-after=30 "$1" nice -n "$niceness" "${@:2}"); }

mkdir -p "$(dirname "$scratch")"
exec 9> "$(dirname "$scratch")/lock"
if command -v flock > /dev/null; then
    flock -w 600 9 || { say "another run is using $scratch" >&2; exit 2; }
fi
trap '"$root/Scripts/refresh-scratch.sh" "$scratch" > /dev/null' EXIT

started=$SECONDS
say "add a feature: new-feature Orders"
"$root/Scripts/refresh-scratch.sh" "$scratch"
run 300 swift package --allow-writing-to-package-directory new-feature Orders > /dev/null
run 1800 swift build --build-tests --explicit-target-dependency-import-check error
run 600 swift test --skip-build --filter "OrdersFeatureTests|ArchitectureTests|ScenarioCatalogTests|OpenAPIDocumentTests"
tour="$(run 300 .build/debug/errorflow tour --screen orders)"
grep -q "every scenario ended as the catalog says" <<< "$tour" || { echo "$tour" >&2; say "the tour strayed" >&2; exit 1; }
run 300 swift format lint --strict --recursive Package.swift Modules App Demo Tests Plugins
say "add a feature: done in $((SECONDS - started)) s"

started=$SECONDS
say "what a feature costs: the reference patch on the scaffold"
"$root/Scripts/feature-cost.sh" --in-place
say "what a feature costs: done in $((SECONDS - started)) s"

started=$SECONDS
say "remove the demo"
"$root/Scripts/refresh-scratch.sh" "$scratch"
run 300 swift package --allow-writing-to-package-directory remove-demo > /dev/null
if [[ -e "$scratch/Demo" || -e "$scratch/Tests/DemoTests" || -e "$scratch/docs/scenarios.md" ]]; then
    say "the demo's folders are still there" >&2
    exit 1
fi
if grep -rlE --exclude-dir=ArchitectureTests "import Demo(Backend|CLI)|DemoScenario|\"Demo(Backend|CLI)\"" "$scratch/App" \
    "$scratch/Modules" "$scratch/Tests" "$scratch/Package.swift"; then
    say "the demo is still named above" >&2
    exit 1
fi
run 1800 swift build --build-tests --explicit-target-dependency-import-check error
run 900 swift test --skip-build
run 60 .build/debug/errorflow-app --help > /dev/null
run 60 Scripts/mutate.sh --list > /dev/null
run 300 swift format lint --strict --recursive Package.swift Modules App Tests Plugins
say "remove the demo: done in $((SECONDS - started)) s"
