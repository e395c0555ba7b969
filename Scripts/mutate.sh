#!/usr/bin/env bash
# Mutation testing: applies one-line mutants (Scripts/mutants.tsv) to a scratch copy of the repository, one at a
# time, and checks that the tests meant to guard each line fail. A mutant is "caught" when its tests fail (or time
# out: "caught (timeout)"), "survived" when they pass, and "stillborn" when it does not compile (the list is wrong,
# not the tests). The last line is the score: `mutation score: C/T caught (S survived, B stillborn)`.
#
# Usage: Scripts/mutate.sh [--sample N] [--only ID[,ID...]] [--list]
#
#   --sample N   only N mutants, a different run of N each day of the year (deterministic within a day; UTC)
#   --only IDS   only these mutants (comma-separated ids)
#   --list       check the list (every `original` occurs exactly once in its file) and print it; builds nothing
#
# Mutants file: one mutant per line, six tab-separated fields, `#` starts a comment line:
#   id  file  original  replacement  test-filter  what-it-breaks
# `original` must occur exactly once in `file`, so a refactor that moves or changes the line is noticed (the run
# stops before building anything). `test-filter` is a `swift test --filter` regex naming the few suites that
# should catch the mutant.
#
# Environment:
#   MUTANTS_SCRATCH        the scratch copy (default: .build-mutants/src, git-ignored); its own .build is kept
#                          between runs so each build is incremental; its sources are refreshed from the
#                          repository (tracked and untracked-but-not-ignored files) at every run
#   MUTANTS_FILE           the mutants list (default: Scripts/mutants.tsv)
#   MUTANTS_BUILD_TIMEOUT  seconds for one `swift build --build-tests` (default: 2400; the cold first build of the
#                          scratch copy takes 7 to 10 minutes on 2 cores, a mutant's build usually under a minute)
#   MUTANTS_TEST_TIMEOUT   seconds for one mutant's tests, after which the mutant counts as "caught (timeout)"
#                          (default: 180; the slowest filter passes in about a minute)
#   MUTANTS_BASELINE_TIMEOUT  seconds for the selected mutants' tests on the unmutated copy, all at once
#                          (default: 900)
#   MUTANTS_NICE           niceness of the builds and tests, so a mutation run never starves other work (default: 10)
#
# Exit status: 0 when every selected mutant was caught; 1 when one survived or was stillborn; 2 when the run could
# not start (a bad list, a failing build, or tests that fail before any mutant: a red baseline makes every mutant
# look caught). Build and test logs of the last run stay in <scratch>/../logs; the results in <scratch>/../last-run.tsv.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
list_file="${MUTANTS_FILE:-$root/Scripts/mutants.tsv}"
scratch="${MUTANTS_SCRATCH:-$root/.build-mutants/src}"
build_timeout="${MUTANTS_BUILD_TIMEOUT:-2400}"
test_timeout="${MUTANTS_TEST_TIMEOUT:-180}"
baseline_timeout="${MUTANTS_BASELINE_TIMEOUT:-900}"
niceness="${MUTANTS_NICE:-10}"

say() { printf '==> %s\n' "$*"; }
fail() { printf 'mutate.sh: %s\n' "$*" >&2; exit 2; }
usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//'; }

sample=""
only=""
list_only=0
while (($# > 0)); do
    case "$1" in
        --sample)
            [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || fail "--sample needs a positive number"
            sample="$2"
            shift 2
            ;;
        --only)
            [[ $# -ge 2 && -n "$2" ]] || fail "--only needs a comma-separated list of ids"
            only="$2"
            shift 2
            ;;
        --list) list_only=1 && shift ;;
        -h | --help) usage && exit 0 ;;
        *) fail "unknown argument: $1 (see --help)" ;;
    esac
done
[[ -z "$sample" || -z "$only" ]] || fail "--sample and --only do not go together"
[[ -f "$list_file" ]] || fail "no mutants list at $list_file"
command -v python3 > /dev/null || fail "python3 is required"
command -v git > /dev/null || fail "git is required"

# An exact, literal string edit (never a regex): replaces the only occurrence of ORIGINAL in FILE, or fails.
apply_mutant() { # file original replacement
    python3 - "$@" << 'PYTHON'
import sys

path, original, replacement = sys.argv[1:4]
with open(path, encoding="utf-8") as file:
    text = file.read()
count = text.count(original)
if count != 1:
    sys.exit(f"{path}: the original occurs {count} times, not once")
with open(path, "w", encoding="utf-8") as file:
    file.write(text.replace(original, replacement, 1))
PYTHON
}

# --- the list ----------------------------------------------------------------------------------------------------
ids=() files=() originals=() replacements=() filters=() descriptions=()
line_number=0
while IFS= read -r line || [[ -n "$line" ]]; do
    line_number=$((line_number + 1))
    [[ -z "${line//[[:space:]]/}" || "$line" == \#* ]] && continue
    fields="$(awk -F'\t' '{ print NF }' <<< "$line")"
    [[ "$fields" == 6 ]] || fail "${list_file#"$root/"}:$line_number: $fields fields, not 6 (tab-separated)"
    IFS=$'\t' read -r id file original replacement filter description <<< "$line"
    for field in "$id" "$file" "$original" "$replacement" "$filter" "$description"; do
        [[ -n "${field//[[:space:]]/}" ]] || fail "${list_file#"$root/"}:$line_number: an empty field"
    done
    [[ "$original" != "$replacement" ]] || fail "${list_file#"$root/"}:$line_number: $id changes nothing"
    for known in "${ids[@]}"; do
        [[ "$known" != "$id" ]] || fail "${list_file#"$root/"}:$line_number: the id $id is used twice"
    done
    ids+=("$id") files+=("$file") originals+=("$original") replacements+=("$replacement")
    filters+=("$filter") descriptions+=("$description")
done < "$list_file"
total=${#ids[@]}
((total > 0)) || fail "no mutants in $list_file"

# Every mutant of the list, selected or not, must still fit the code: a moved line is noticed every day.
python3 - "$root" "$list_file" << 'PYTHON' || fail "mutants no longer fit the code; update ${list_file#"$root/"}"
import os, sys

root, list_file = sys.argv[1:3]
problems = 0
with open(list_file, encoding="utf-8") as listing:
    for line in listing:
        if not line.strip() or line.startswith("#"):
            continue
        mutant, name, original = line.rstrip("\n").split("\t")[:3]
        path = os.path.join(root, name)
        if not os.path.isfile(path):
            print(f"mutate.sh: {mutant}: no file {name}", file=sys.stderr)
            problems += 1
            continue
        with open(path, encoding="utf-8") as file:
            count = file.read().count(original)
        if count != 1:
            print(f"mutate.sh: {mutant}: the original occurs {count} times in {name}, not once", file=sys.stderr)
            problems += 1
sys.exit(1 if problems else 0)
PYTHON

if ((list_only)); then
    for i in "${!ids[@]}"; do
        printf '%-28s %-64s %s\n' "${ids[$i]}" "${files[$i]}" "${descriptions[$i]}"
    done
    say "$total mutants, each original found exactly once"
    exit 0
fi

# --- the selection -----------------------------------------------------------------------------------------------
selected=()
if [[ -n "$only" ]]; then
    IFS=',' read -r -a wanted <<< "$only"
    for id in "${wanted[@]}"; do
        found=""
        for i in "${!ids[@]}"; do [[ "${ids[$i]}" == "$id" ]] && found="$i"; done
        [[ -n "$found" ]] || fail "no mutant with the id $id"
        selected+=("$found")
    done
elif [[ -n "$sample" ]]; then
    ((sample <= total)) || sample=$total
    day=$((10#$(date -u +%j)))
    start=$(((day * sample) % total))
    for ((k = 0; k < sample; k++)); do selected+=("$(((start + k) % total))"); done
    names=()
    for i in "${selected[@]}"; do names+=("${ids[$i]}"); done
    say "sample of $sample for day $day of the year (UTC), from mutant $((start + 1)) of $total: ${names[*]}"
else
    for i in "${!ids[@]}"; do selected+=("$i"); done
fi

# --- the scratch copy --------------------------------------------------------------------------------------------
mkdir -p "$scratch"
scratch="$(cd "$scratch" && pwd)"
[[ "$scratch" != "$root" ]] || fail "MUTANTS_SCRATCH must not be the repository itself"
state="$(dirname "$scratch")"
logs="$state/logs"
mkdir -p "$logs"

exec 9> "$state/lock"
if command -v flock > /dev/null; then
    flock -n 9 || fail "another mutation run is using $scratch"
fi
rm -f "$logs"/*.log

say "refreshing ${scratch#"$root/"} from the repository"
"$root/Scripts/refresh-scratch.sh" "$scratch"

# --- building and testing ----------------------------------------------------------------------------------------
# Each build or test run gets a session of its own, so that what it leaves behind can be ended by session id:
# `swift test` starts the test binary in a process group of its own, which a timeout does not reach, and a hung
# test binary would otherwise outlive the run (holding the lock and a core).
session=""
# shellcheck disable=SC2329 # called by the EXIT trap and after each run
end_session() {
    [[ -n "$session" ]] || return 0
    local leftovers
    leftovers="$(ps -eo pid=,sid= | awk -v session="$session" '$2 == session { print $1 }')"
    # shellcheck disable=SC2086 # one id per word
    [[ -z "$leftovers" ]] || kill -KILL $leftovers 2> /dev/null || true
    session=""
}

bounded() { # limit log command...
    local limit=$1 log=$2 status=0
    shift 2
    (cd "$scratch" && exec setsid --wait timeout --kill-after=30 "$limit" nice -n "$niceness" "$@") > "$log" 2>&1 9>&- &
    session=$!
    wait "$session" || status=$?
    end_session
    return "$status"
}

run_build() { # log
    bounded "$build_timeout" "$1" swift build --build-tests
}

run_tests() { # limit log filter...
    local limit=$1 log=$2
    shift 2
    local arguments=()
    for filter in "$@"; do arguments+=(--filter "$filter"); done
    bounded "$limit" "$log" swift test --skip-build "${arguments[@]}"
}

# The file being mutated and its original content, restored whatever happens.
mutated=""
backup="$state/original-of-mutated-file"
# shellcheck disable=SC2329 # called by the EXIT trap and after each mutant
restore() {
    [[ -n "$mutated" ]] || return 0
    cp "$backup" "$mutated"
    mutated=""
}
trap 'end_session; restore' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

started=$SECONDS
say "building the unmutated copy (at most ${build_timeout}s)"
run_build "$logs/baseline.build.log" || {
    tail -n 30 "$logs/baseline.build.log" >&2
    fail "the unmutated copy does not build (log: ${logs#"$root/"}/baseline.build.log)"
}

# Every filter must name at least one test, and the selected tests must pass before any mutant.
selected_filters=()
for i in "${selected[@]}"; do
    duplicate=0
    for filter in "${selected_filters[@]}"; do [[ "$filter" != "${filters[$i]}" ]] || duplicate=1; done
    ((duplicate)) || selected_filters+=("${filters[$i]}")
done
bounded 300 "$logs/test-list.log" swift test list --skip-build ||
    fail "could not list the tests (log: ${logs#"$root/"}/test-list.log)"
for filter in "${selected_filters[@]}"; do
    grep -Eq -- "$filter" "$logs/test-list.log" || fail "the filter '$filter' names no test"
done
say "baseline: the selected mutants' tests on the unmutated copy (at most ${baseline_timeout}s)"
run_tests "$baseline_timeout" "$logs/baseline.test.log" "${selected_filters[@]}" || {
    tail -n 30 "$logs/baseline.test.log" >&2
    fail "the tests fail without any mutant (log: ${logs#"$root/"}/baseline.test.log): fix them first"
}
say "baseline green after $((SECONDS - started))s; ${#selected[@]} mutant(s)"

# --- the mutants -------------------------------------------------------------------------------------------------
caught=0 survived=0 stillborn=0
results="$state/last-run.tsv"
printf 'id\tresult\tseconds\n' > "$results"
for i in "${selected[@]}"; do
    id="${ids[$i]}"
    mutant_started=$SECONDS
    mutated="$scratch/${files[$i]}"
    cp "$mutated" "$backup"
    apply_mutant "$mutated" "${originals[$i]}" "${replacements[$i]}" || fail "$id could not be applied"

    if ! run_build "$logs/$id.build.log"; then
        result="STILLBORN"
        stillborn=$((stillborn + 1))
    else
        status=0
        run_tests "$test_timeout" "$logs/$id.test.log" "${filters[$i]}" || status=$?
        if ((status == 0)); then
            result="SURVIVED"
            survived=$((survived + 1))
        elif ((status == 124 || status == 137)); then
            result="caught (timeout)"
            caught=$((caught + 1))
        else
            result="caught"
            caught=$((caught + 1))
        fi
    fi
    restore
    seconds=$((SECONDS - mutant_started))
    printf '%-18s %-28s %4ss  %s: %s\n' "$result" "$id" "$seconds" "${files[$i]}" "${descriptions[$i]}"
    printf '%s\t%s\t%s\n' "$id" "$result" "$seconds" >> "$results"
done

count=${#selected[@]}
say "$count mutant(s) in $((SECONDS - started))s (logs: ${logs#"$root/"})"
echo "mutation score: $caught/$count caught ($survived survived, $stillborn stillborn)"
((survived == 0 && stillborn == 0))
