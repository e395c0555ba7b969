#!/usr/bin/env bash
# Part of the demo: remove-demo deletes this file.
# Checks the demo backend against the backend contract (docs/openapi.yaml) with schemathesis, a property-based
# API tester: examples, coverage (boundary and malformed inputs), fuzzing and stateful sequences, with every check
# schemathesis has: each answer for 5xx, an undocumented status, a wrong content type, a body or header that
# breaks its schema; a request the schema allows must be accepted and one it does not allow refused; a missing
# required header, a request without auth, a method the path does not take (405 with Allow), a created
# transfer that cannot be read back. Scripts/schemathesis.toml says what a check may expect where the contract
# documents an answer its defaults do not take (a transfer refused 402 for the balance), each with its reason.
#
# Usage: Scripts/schemathesis.sh [path/to/errorflow]        (default: .build/debug/errorflow)
#
# Environment:
#   SCHEMATHESIS_EXCLUDE       path regex of operations to skip, e.g. '/v1/transfers' while they are not built
#                              (default: empty, every operation)
#   SCHEMATHESIS_MAX_EXAMPLES  test cases per operation and phase (default: 400: about 1.5 minutes and 5,000
#                              requests on a 2-core machine, every operation and the stateful phase included)
#   SCHEMATHESIS_TIME_LIMIT    seconds schemathesis may run before it is stopped and the run fails (default: 170,
#                              so that a whole run stays within about 3 minutes)
#   SCHEMATHESIS_SEED          seed, to repeat a run (default: a random one, printed)
#   SCHEMATHESIS_CHECKS        comma-separated checks (default: all), e.g. not_a_server_error,
#                              response_schema_conformance to look at one kind of failure
#   PYTHON                     the Python (3.11+) to build the virtualenv with (default: python3)
#
# Exit status: 0 when schemathesis found nothing and the run was complete; otherwise non-zero: schemathesis's own
# status when it found a failure (1) or timed out (124), 2 when the backend could not be started or signed in to,
# 3 when the run was not complete although schemathesis passed it (no JUnit report, no stateful phase, an
# operation that never got a 2xx answer, or a backend that crashed or stopped). The last line printed is the
# verdict: "schemathesis: PASSED: ..." or "schemathesis: FAILED: ...".
#
# Needs Python 3.11+ and curl; installs schemathesis into .build-schemathesis/venv on first use (from PyPI); keeps
# the last run's backend log and JUnit report in .build-schemathesis/last-run.
set -euo pipefail

readonly SCHEMATHESIS_VERSION="4.32.5"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
binary="${1:-$root/.build/debug/errorflow}"
spec="$root/docs/openapi.yaml"
state="$root/.build-schemathesis"
venv="$state/venv"
exclude="${SCHEMATHESIS_EXCLUDE:-}"
max_examples="${SCHEMATHESIS_MAX_EXAMPLES:-400}"
time_limit="${SCHEMATHESIS_TIME_LIMIT:-170}"
seed="${SCHEMATHESIS_SEED:-$((RANDOM * 32768 + RANDOM))}"
config="$root/Scripts/schemathesis.toml"
checks="${SCHEMATHESIS_CHECKS:-all}"

say() { printf '==> %s\n' "$*"; }
fail() { printf 'schemathesis.sh: %s\n' "$*" >&2; exit 2; }

[[ -x "$binary" ]] || fail "no errorflow binary at $binary (build it, or pass its path)"
[[ -f "$spec" ]] || fail "no contract at $spec"
[[ -f "$config" ]] || fail "no schemathesis settings at $config"
command -v curl > /dev/null || fail "curl is required"

# --- schemathesis, pinned, in its own virtualenv -----------------------------------------------------------------
if ! "$venv/bin/schemathesis" --version 2> /dev/null | grep -qx "schemathesis, version $SCHEMATHESIS_VERSION"; then
    python="${PYTHON:-python3}"
    "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2> /dev/null ||
        fail "schemathesis $SCHEMATHESIS_VERSION needs Python 3.11 or later (set PYTHON)"
    say "installing schemathesis $SCHEMATHESIS_VERSION into ${venv#"$root/"}"
    rm -rf "$venv"
    mkdir -p "$state"
    timeout 120 "$python" -m venv "$venv"
    timeout 300 "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        "schemathesis==$SCHEMATHESIS_VERSION"
fi

# --- the demo backend --------------------------------------------------------------------------------------------
# The backend's output and schemathesis's JUnit report of the last run stay here for a look afterwards.
run_dir="$state/last-run"
rm -rf "$run_dir"
mkdir -p "$run_dir"
server_pid=""

# shellcheck disable=SC2329 # called by the EXIT trap
stop_server() {
    [[ -n "$server_pid" ]] || return 0
    if kill -0 "$server_pid" 2> /dev/null; then
        kill -INT "$server_pid" 2> /dev/null || true
        if ! timeout 5 tail --pid="$server_pid" -f /dev/null; then
            kill -KILL "$server_pid" 2> /dev/null || true
        fi
    fi
    wait "$server_pid" 2> /dev/null || true
    server_pid=""
}
trap stop_server EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

say "starting $(basename "$binary") serve --scenario payments-happy"
"$binary" serve --port 0 --scenario payments-happy > "$run_dir/serve.out" 2> "$run_dir/serve.err" &
server_pid=$!

# The first stdout line: "ErrorFlow demo backend playing payments-happy on http://127.0.0.1:PORT (Ctrl-C to stop)"
# shellcheck disable=SC2016 # $1 and $2 are the inner shell's
if ! timeout 30 bash -c 'until grep -q "(Ctrl-C to stop)" "$1" 2> /dev/null; do
        kill -0 "$2" 2> /dev/null || exit 1
        sleep 0.1
    done' _ "$run_dir/serve.out" "$server_pid"; then
    cat "$run_dir/serve.err" >&2 || true
    fail "the demo backend did not start"
fi
base_url="$(head -n 1 "$run_dir/serve.out" | sed -nE 's#.* on (http://[^ ]+) \(Ctrl-C to stop\)$#\1#p')"
[[ -n "$base_url" ]] || fail "could not read the backend's URL from: $(head -n 1 "$run_dir/serve.out")"
say "backend at $base_url"

# --- a session ---------------------------------------------------------------------------------------------------
sign_in="$(timeout 15 curl --silent --show-error --fail --max-time 10 \
    --header 'Content-Type: application/json' \
    --data '{"identityToken":"apple-identity:ada"}' \
    "$base_url/v1/auth/apple")" || fail "sign-in failed"
access_token="$(printf '%s' "$sign_in" |
    "$venv/bin/python" -c 'import json, sys; print(json.load(sys.stdin)["accessToken"])')" ||
    fail "no accessToken in the sign-in answer"
[[ -n "$access_token" ]] || fail "empty accessToken in the sign-in answer"

# --- schemathesis ------------------------------------------------------------------------------------------------
arguments=(
    --config-file "$config"
    run "$spec"
    --url "$base_url"
    --header "Authorization: Bearer $access_token"
    --checks "$checks"
    --workers 1
    --max-examples "$max_examples"
    --seed "$seed"
    --request-timeout 10
    --generation-database none
    --report junit --report-junit-path "$run_dir/junit.xml"
)
[[ -z "$exclude" ]] || arguments+=(--exclude-path-regex "$exclude")

say "schemathesis $SCHEMATHESIS_VERSION: checks $checks, ${max_examples} examples per operation and phase," \
    "seed $seed, at most ${time_limit}s${exclude:+, skipping paths matching $exclude}"
started=$SECONDS
status=0
# Run from the state folder, so nothing it writes is in the repository; its settings are the --config-file's.
(cd "$state" &&
    timeout --foreground --signal=INT --kill-after=15 "$time_limit" "$venv/bin/schemathesis" "${arguments[@]}") ||
    status=$?
elapsed=$((SECONDS - started))

# --- summary ---------------------------------------------------------------------------------------------------
# Whatever schemathesis said, the run also fails when its report is missing, when the stateful phase did not run,
# when an operation never got a 2xx answer (so its success path went untested: say a dead token, every call 401),
# or when the backend crashed or stopped. The last line is the one-line verdict.
backend_alive=0
kill -0 "$server_pid" 2> /dev/null && backend_alive=1
echo
say "summary"
verdict=0
"$venv/bin/python" - "$run_dir/junit.xml" "$run_dir/serve.err" "$spec" "$exclude" "$status" "$elapsed" "$seed" \
    "$time_limit" "$backend_alive" << 'PYTHON' || verdict=$?
import collections
import re
import sys
import xml.etree.ElementTree as tree

import yaml

junit, backend_log, spec, exclude, status, elapsed, seed, time_limit, alive = sys.argv[1:]
status, alive = int(status), alive == "1"
problems = []

# The test suites: one per operation, and the stateful run.
passed, failed, errored, stateful = 0, [], [], False
try:
    cases = list(tree.parse(junit).getroot().iter("testcase"))
except (OSError, tree.ParseError):
    cases = None
    problems.append("no JUnit report from schemathesis")
for case in cases or []:
    name = case.get("name", "?")
    stateful = stateful or name == "Stateful tests"
    failures = case.findall("failure")
    if failures:
        # Each failure's text lists its checks as "- ST103 Undocumented status code".
        titles = sorted({line.strip()[2:] for failure in failures for line in (failure.text or "").splitlines()
                         if re.match(r"\s*- ST\d{3} ", line)})
        failed.append((name, "; ".join(titles) or ", ".join(failure.get("message", "?") for failure in failures)))
    elif case.find("error") is not None:
        errored.append(name)
    elif case.find("skipped") is None:
        passed += 1
if cases is not None:
    print(f"    test suites (one per operation, and the stateful run): {passed} passed, {len(failed)} failed,"
          f" {len(errored)} errored")
    if not stateful:
        problems.append("the stateful phase did not run")
for name, codes in failed:
    print(f"    FAILED  {name}: {codes}")
for name in errored:
    print(f"    ERROR   {name}")

# The operations of the contract (less the excluded paths), each with a pattern for the paths it answers.
with open(spec, encoding="utf-8") as file:
    paths = yaml.safe_load(file)["paths"]
methods = ("get", "head", "post", "put", "patch", "delete", "options", "trace")
operations = {
    (method.upper(), path): re.compile("^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(path)) + "$")
    for path, item in paths.items() if not (exclude and re.search(exclude, path))
    for method in item if method in methods
}

# The backend logs one line per request: "... [DemoBackend] METHOD /path → STATUS"; anything else it writes
# that looks like a crash is one.
statuses, successes, crash = collections.Counter(), collections.Counter(), []
with open(backend_log, encoding="utf-8", errors="replace") as log:
    for line in log:
        match = re.search(r"\[DemoBackend\] (\S+) (\S+) → (\d{3})$", line.rstrip())
        if match:
            method, path, code = match.groups()
            statuses[code] += 1
            if code.startswith("2"):
                for operation, pattern in operations.items():
                    if operation[0] == method and pattern.match(path):
                        successes[operation] += 1
        elif re.search(r"fatal|panic|crash|runtime failure|stack trace|segmentation", line, re.IGNORECASE):
            crash.append(line.rstrip())
requests = sum(statuses.values())
answered = ", ".join(f"{code} x{count}" for code, count in sorted(statuses.items()))
print(f"    the backend answered {requests} requests: {answered or 'none'}")
unanswered = [f"{method} {path}" for method, path in operations if not successes[(method, path)]]
if unanswered:
    problems.append(f"no 2xx answer, so no success path tested, for: {', '.join(unanswered)}")
else:
    print(f"    every one of the {len(operations)} operations got at least one 2xx answer")
if crash:
    problems.append("the backend's log shows a crash: " + " | ".join(crash[:3]))
if not alive:
    problems.append("the backend is no longer running (it crashed or was killed)")
if status == 124:
    problems.insert(0, f"schemathesis did not finish within {time_limit}s (SCHEMATHESIS_TIME_LIMIT)")
elif status != 0 and not failed and not errored:
    problems.insert(0, f"schemathesis exited with status {status}")
for problem in problems:
    print(f"    problem: {problem}")

counts = f"{passed} passed, {len(failed)} failed, {len(errored)} errored" if cases is not None else "no report"
verdict = "PASSED" if status == 0 and not problems else "FAILED"
tail = "" if verdict == "PASSED" else f" (repeat with SCHEMATHESIS_SEED={seed})"
print(f"schemathesis: {verdict}: {counts} test suites ({len(operations)} operations and the stateful run);"
      f" {requests} requests; {elapsed}s; seed {seed}{tail}")
sys.exit(0 if verdict == "PASSED" else 3)
PYTHON
if [[ $verdict -ne 0 && $verdict -ne 3 ]]; then
    # The summary itself broke (its traceback is above): never a pass, and still one verdict line.
    echo "schemathesis: FAILED: the summary could not be made (schemathesis exit status $status); ${elapsed}s;" \
        "seed $seed (repeat with SCHEMATHESIS_SEED=$seed)"
fi
if [[ $verdict -ne 0 && $status -eq 0 ]]; then
    status=3
fi
exit "$status"
