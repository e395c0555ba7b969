#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer) of the parsers that read what a backend sends: the cards, wallet, profile,
# transfer and token decoders, the error body, Retry-After and redaction. Builds Fuzz/ with
# `-sanitize=fuzzer,address` into .build-fuzz, then runs each target for a fixed time from its seed corpus
# (Fuzz/Corpus/<target>, never written to; what the run learns goes to .build-fuzz/corpus/<target>), and prints
# one line per target: executions, executions per second, coverage, findings. A finding (a crash, or a property
# in Fuzz/Sources broken) is saved under .build-fuzz/findings/<target>/ and makes the exit code 1; turn it into a
# regression test, then fix it.
#
# Usage: Scripts/fuzz.sh [seconds per target] [target...]     (default: 60 s, every target)
#   Scripts/fuzz.sh 300 token redaction
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=${1:-60}
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: seconds must be a positive number, not '$seconds'" >&2; exit 2; }
shift $(($# > 0 ? 1 : 0))
all=(cards wallet profile transfer token error-body retry-after redaction)
targets=("${@:-${all[@]}}")
for target in "${targets[@]}"; do
    [[ -d "Fuzz/Corpus/$target" ]] || { echo "fuzz: no target '$target' (targets: ${all[*]})" >&2; exit 2; }
done

scratch=.build-fuzz
# lld: gold stops with an internal error on the two `main`s (libFuzzer's and the program's, which calls its driver).
echo "fuzz: building Fuzz/ with -sanitize=fuzzer,address (release) into $scratch"
mkdir -p "$scratch"
if ! timeout 2400 swift build --package-path Fuzz -c release --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -use-ld=lld > "$scratch/build.log" 2>&1; then
    grep -E "error:" "$scratch/build.log" | head -n 20 >&2 || tail -n 20 "$scratch/build.log" >&2
    echo "fuzz: the build failed; its log is $scratch/build.log" >&2
    exit 1
fi
tail -n 1 "$scratch/build.log"
binary="$scratch/release/ErrorFlowFuzz"

status=0
printf '%-12s %12s %10s %8s %s\n' target executions "per s" coverage findings
for target in "${targets[@]}"; do
    corpus="$scratch/corpus/$target"
    findings="$scratch/findings/$target"
    mkdir -p "$corpus" "$findings"
    log="$scratch/$target.log"
    set +e
    ERRORFLOW_FUZZ_TARGET="$target" SWIFT_BACKTRACE=enable=no timeout $((seconds + 120)) "$binary" \
        -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$findings/" "$corpus" "Fuzz/Corpus/$target" > "$log" 2>&1
    code=$?
    set -e
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    coverage=$( (grep -ao 'cov: [0-9]*' "$log" || true) | tail -n 1 | cut -d' ' -f2)
    found=$(find "$findings" -type f | wc -l)
    printf '%-12s %12s %10s %8s %s\n' "$target" "${runs:-?}" "${rate:-?}" "${coverage:-?}" "$found"
    if [[ $code -ne 0 || $found -ne 0 ]]; then
        status=1
        echo "fuzz: $target stopped with exit $code; the input is under $findings, the log is $log:" >&2
        grep -aE "errorflow-fuzz:|ERROR:|Fatal error|SUMMARY" "$log" | head -n 5 >&2 || true
    fi
done
exit "$status"
