#!/usr/bin/env bash
# Part of the demo: remove-demo deletes this file.
# Client throughput against one release `errorflow serve`: `errorflow load --base-url` with each transport
# (AsyncHTTPClient, URLSession), and wrk against the same server in the same run, for scale. Prints one line per
# measurement; BENCHMARKS.md keeps the figures of one run.
#
# Usage: Scripts/throughput.sh [requests]     (default 20000 calls per load run)
#
# Needs a release build (`swift build -c release --product errorflow`) and wrk (Debian's `wrk`; without it the
# wrk line is skipped). Everything stays on 127.0.0.1; the session lives in a temporary home removed at the end.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
binary="$root/.build/release/errorflow"
requests="${1:-20000}"
[[ -x "$binary" ]] || { echo "throughput.sh: build the release binary first" >&2; exit 2; }

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

for transport in async-http-client urlsession; do
    ERRORFLOW_TRANSPORT="$transport" timeout 600 "$binary" load --base-url "$url" --requests "$requests" \
        --clients 200 --format json 2> /dev/null |
        python3 -c 'import json, sys
s = json.load(sys.stdin)
latency = s["latencyMilliseconds"]
print("load %s: %.0f calls/s, client CPU %.0f µs per call, p50 %s ms, p99 %s ms, %d failed of %d" % (
    sys.argv[1], s["throughputPerSecond"], s["cpuMicrosecondsPerCall"], latency["p50"], latency["p99"],
    s["failed"], s["done"]))' "$transport"
done

if command -v wrk > /dev/null; then
    token="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["accessToken"])' \
        "$home/config/errorflow/session.json")"
    wrk -t2 -c200 -d10s -H "Authorization: Bearer $token" "$url/v1/wallet" |
        awk '/Requests\/sec/ { print "wrk -t2 -c200 on GET /v1/wallet: " $2 " requests/s" }'
else
    echo "wrk: not installed, skipped"
fi
