#!/usr/bin/env bash
# Installs what CI needs beyond Swift: Debian's chromium for the HTML report's browser test, `time` (GNU time,
# /usr/bin/time) for the memory proof's peak resident size, curl for schemathesis and the README's fault recipe,
# python3's cryptography (the proxy's TLS test makes its certificates with it), and wrk for the throughput script (the demo's).
# Never fails CI by itself: a tool that cannot be installed makes its test say it was skipped, and why.
set -uo pipefail

sudo_if_needed() {
    if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

if command -v chromium >/dev/null; then
    echo "install-ci-tools: chromium is here ($(chromium --version 2>/dev/null))"
else
    echo "install-ci-tools: installing chromium (apt-get)"
    if sudo_if_needed apt-get update -qq && DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -qq chromium >/dev/null; then
        echo "install-ci-tools: chromium installed"
    else
        echo "install-ci-tools: chromium could not be installed; the browser test will be skipped and say so" >&2
    fi
fi
if [[ -x /usr/bin/time ]]; then
    echo "install-ci-tools: /usr/bin/time is here"
else
    echo "install-ci-tools: installing time (apt-get)"
    if sudo_if_needed apt-get update -qq && DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -qq time >/dev/null; then
        echo "install-ci-tools: time installed"
    else
        echo "install-ci-tools: time could not be installed; the memory proof will fail and say why" >&2
    fi
fi
if command -v curl >/dev/null; then
    echo "install-ci-tools: curl is here"
else
    echo "install-ci-tools: installing curl (apt-get)"
    if sudo_if_needed apt-get update -qq && DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -qq curl >/dev/null; then
        echo "install-ci-tools: curl installed"
    else
        echo "install-ci-tools: curl could not be installed; schemathesis and the README's fault recipe will fail and say why" >&2
    fi
fi
if python3 -c "import cryptography" 2>/dev/null; then
    echo "install-ci-tools: python3's cryptography is here"
else
    echo "install-ci-tools: installing cryptography (pip)"
    if python3 -m pip install -q cryptography==48.0.0; then
        echo "install-ci-tools: cryptography installed"
    else
        echo "install-ci-tools: cryptography could not be installed; the proxy's TLS test will be skipped and say so" >&2
    fi
fi
if command -v wrk >/dev/null; then
    echo "install-ci-tools: wrk is here"
else
    echo "install-ci-tools: installing wrk (apt-get)"
    if sudo_if_needed apt-get update -qq && DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -qq wrk >/dev/null; then
        echo "install-ci-tools: wrk installed"
    else
        echo "install-ci-tools: wrk could not be installed; the throughput smoke run will fail and say why" >&2
    fi
fi
exit 0
