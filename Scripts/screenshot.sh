#!/usr/bin/env bash
# Part of the demo: remove-demo deletes this file.
# Makes docs/report.png, the README's picture: the tour's HTML report as headless Chromium draws it.
# Needs Debian's chromium (apt-get install chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v chromium >/dev/null || { echo "screenshot: chromium is not installed (apt-get install chromium)" >&2; exit 1; }
swift build --product errorflow
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
.build/debug/errorflow tour --format html --output "$scratch/report.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$scratch/profile" \
  --window-size=1500,1250 --screenshot="$PWD/docs/report.png" "file://$scratch/report.html" 2>/dev/null
echo "screenshot: wrote docs/report.png"
