#!/usr/bin/env bash
# Part of the demo: remove-demo deletes this file.
# Client throughput against one `errorflow serve`, five lines from one run: `errorflow load --base-url` with each
# transport (AsyncHTTPClient, URLSession), the same calls through bare AsyncHTTPClient in the same binary (`load
# --bare`: same clients, same executors, same parsers, no chain), once by its async API and once by its delegate
# API (the one the app's transport calls), and wrk asking for the same two GETs (Scripts/throughput.lua). The four
# load runs take turns, round after round (this machine's speed shifts between levels within seconds), and each line
# is the round with the median rate: calls per second, the client's CPU per call, the server's CPU per call in the
# same run (its user and system time from /proc, on Linux), and its ratio to wrk; a ratio to a bare line is the
# median of each round's own ratio (the two ran seconds apart). BENCHMARKS.md keeps the figures of one run.
#
# Usage: Scripts/throughput.sh [--smoke] [calls]   (default 20000 calls per load run, 5 rounds, wrk for 10 s)
#   --smoke  a short run (1,000 calls, 1 round, wrk for 2 s) that fails unless all five lines are printed; it asserts
#            no speed.
# ERRORFLOW_BINARY chooses the binary (default .build/release/errorflow: `swift build -c release --product errorflow`).
# Needs wrk (Debian's `wrk`) and python3. Everything stays on 127.0.0.1; the session lives in a temporary home
# removed at the end.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
smoke=false
if [[ "${1:-}" == "--smoke" ]]; then
    smoke=true
    shift
fi
binary="${ERRORFLOW_BINARY:-$root/.build/release/errorflow}"
requests="${1:-$($smoke && echo 1000 || echo 20000)}"
seconds="$($smoke && echo 2 || echo 10)"
rounds="$($smoke && echo 1 || echo 5)"
[[ -x "$binary" ]] || { echo "throughput.sh: no binary at $binary: build it first" >&2; exit 2; }

home="$(mktemp -d)"
server_pid=""
cleanup() {
    [[ -n "$server_pid" ]] && kill -INT "$server_pid" 2> /dev/null && wait "$server_pid" 2> /dev/null
    rm -rf "$home"
}
trap cleanup EXIT

"$binary" serve --port 0 --quiet > "$home/serve.out" 2> /dev/null &
server_pid=$!
timeout 30 bash -c 'until grep -q "Ctrl-C to stop" "$1" 2> /dev/null; do sleep 0.1; done' _ "$home/serve.out"
url="$(sed -nE 's#.* on (http://[^ ]+) \(Ctrl-C to stop\)$#\1#p' "$home/serve.out" | head -n 1)"
export XDG_CONFIG_HOME="$home/config" XDG_STATE_HOME="$home/state"
"$binary" signin --base-url "$url" --answer approve > /dev/null

# The server's CPU time so far, in clock ticks (user and system); nothing where there is no /proc.
server_ticks() {
    awk '{ print $14 + $15 }' "/proc/$server_pid/stat" 2> /dev/null || true
}
# Runs "$@" and writes the server's CPU ticks spent meanwhile to $home/$1.server.
metered() {
    local name=$1 before after status=0
    shift
    before="$(server_ticks)"
    "$@" || status=$?
    after="$(server_ticks)"
    [[ -n "$before" && -n "$after" ]] && echo "$((after - before))" > "$home/$name.server"
    return "$status"
}
# One JSON summary per load run, named by what it measured.
load() {
    local name=$1 transport=$2
    shift 2
    ERRORFLOW_TRANSPORT="$transport" metered "$name" timeout 600 "$binary" load --base-url "$url" \
        --requests "$requests" --clients 200 --format json "$@" 2> /dev/null > "$home/$name.json" \
        || echo "throughput.sh: load $name: exit $?" >&2
}
for round in $(seq "$rounds"); do
    load "bare-$round" async-http-client --bare --bare-api async
    load "bare-delegate-$round" async-http-client --bare --bare-api delegate
    load "async-http-client-$round" async-http-client
    load "urlsession-$round" urlsession
done

# wrk, its CPU time measured as the children's rusage of a python3 parent.
if command -v wrk > /dev/null; then
    THROUGHPUT_TOKEN="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["accessToken"])' \
        "$home/config/errorflow/session.json")" \
        metered wrk timeout 120 python3 - "$url" "$seconds" "$root/Scripts/throughput.lua" > "$home/wrk.json" \
        << 'EOF' || true
import json, re, resource, subprocess, sys
url, seconds, script = sys.argv[1:]
run = subprocess.run(["wrk", "-t2", "-c200", "-d%ss" % seconds, "-s", script, url],
                     capture_output=True, text=True, check=True)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
total = int(re.search(r"(\d+) requests in", run.stdout).group(1))
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", run.stdout)
print(json.dumps({"perSecond": float(re.search(r"Requests/sec:\s+([\d.]+)", run.stdout).group(1)),
                  "requests": total, "non2xx": int(non2xx.group(1)) if non2xx else 0,
                  "cpuMicroseconds": (usage.ru_utime + usage.ru_stime) * 1e6 / max(total, 1)}))
EOF
    [[ -s "$home/wrk.json" ]] || echo "throughput.sh: wrk failed" >&2
fi

python3 - "$home" "$smoke" "$rounds" "$(getconf CLK_TCK)" << 'EOF'
import json, os, sys
home, smoke, rounds, ticks_per_second = sys.argv[1], sys.argv[2] == "true", int(sys.argv[3]), int(sys.argv[4])
def read(name):
    path = os.path.join(home, name + ".json")
    try:
        with open(path) as file:
            return json.load(file)
    except (OSError, ValueError):
        return None
def server_said(name, calls, per="call"):
    """The server's CPU per call (or `per`) while `name` ran, as words; nothing when it was not measured."""
    try:
        with open(os.path.join(home, name + ".server")) as file:
            ticks = int(file.read())
    except (OSError, ValueError):
        return ""
    return ", server CPU %.0f µs per %s" % (ticks * 1e6 / ticks_per_second / max(calls, 1), per)
def rounds_of(name):
    runs = [read("%s-%d" % (name, r)) for r in range(1, rounds + 1)]
    for r, run in enumerate(runs, start=1):
        if run:
            run["server"] = server_said("%s-%d" % (name, r), run["done"])
    return runs
def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else None
def median_round(name):
    done = sorted((run for run in rounds_of(name) if run), key=lambda run: run["throughputPerSecond"])
    if not done:
        return None
    middle = done[len(done) // 2]
    middle["rates"] = " · ".join("%.0f" % run["throughputPerSecond"] for run in done)
    return middle
runs = {name: median_round(name) for name in ("async-http-client", "urlsession", "bare", "bare-delegate")}
wrk = read("wrk")
rate = {name: run["throughputPerSecond"] for name, run in runs.items() if run}
def to_bare(name, bare_name):
    paired = [run["throughputPerSecond"] / bare["throughputPerSecond"]
              for run, bare in zip(rounds_of(name), rounds_of(bare_name)) if run and bare]
    return median(paired), " · ".join("%.2f" % ratio for ratio in sorted(paired))
bares = {"bare": "bare (async API)", "bare-delegate": "bare (delegate API)"}
def ratios(name):
    parts = []
    for bare_name, said in bares.items():
        if name not in bares and bare_name in rate:
            ratio, each = to_bare(name, bare_name)
            parts.append("%.2f× %s" % (ratio, said) + (" (rounds: %s)" % each if rounds > 1 else ""))
    if wrk:
        parts.append("%.2f× wrk" % (rate[name] / wrk["perSecond"]))
    return "; " + ", ".join(parts) if parts else ""
titles = {"async-http-client": "ErrorFlow, AsyncHTTPClient", "urlsession": "ErrorFlow, URLSession",
          "bare": "bare AsyncHTTPClient, async API", "bare-delegate": "bare AsyncHTTPClient, delegate API"}
printed = 0
for name, title in titles.items():
    run = runs[name]
    if run is None:
        print("%s: no result" % title)
        continue
    latency = run["latencyMilliseconds"]
    rounds_said = " (the median of %s)" % run["rates"] if rounds > 1 else ""
    print("%s: %.0f calls/s%s, client CPU %.0f µs per call%s, p50 %s ms, p99 %s ms, %d failed of %d%s" % (
        title, run["throughputPerSecond"], rounds_said, run["cpuMicrosecondsPerCall"], run["server"],
        latency["p50"], latency["p99"], run["failed"], run["done"], ratios(name)))
    printed += 1
if wrk:
    print("wrk -t2 -c200, the same two GETs: %.0f requests/s, CPU %.0f µs per request%s, %d not 2xx" % (
        wrk["perSecond"], wrk["cpuMicroseconds"], server_said("wrk", wrk["requests"], per="request"),
        wrk["non2xx"]))
    printed += 1
else:
    print("wrk: not installed (or it failed), skipped")
if smoke and printed < 5:
    print("throughput.sh: %d of the five measurements came out" % printed, file=sys.stderr)
    sys.exit(1)
EOF
