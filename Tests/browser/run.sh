#!/usr/bin/env bash
# Browser tests of `keepsake serve`: Debian's chromium + chromium-driver driven by Selenium (Python's
# unittest, no other test framework). Starts the real binary on a temporary store and an ephemeral
# port; saves a screenshot of each page to test-artifacts/screenshots/ (printed below). test_two_people:
# two browsers, two people, two servers on one store and nginx over both (a shared ledger, then a removal).
#
#   Tests/browser/run.sh                     # uses .build/debug/keepsake
#   KEEPSAKE_BIN=/path/to/keepsake Tests/browser/run.sh
#   Tests/browser/run.sh -k feed             # only the tests whose names contain "feed"
#
# The last line is "N passed, M failed"; the exit status is non-zero when a test failed.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
export KEEPSAKE_BIN="${KEEPSAKE_BIN:-$repo/.build/debug/keepsake}"
export KEEPSAKE_CORPUS="${KEEPSAKE_CORPUS:-$repo/../shared/corpus}"
export KEEPSAKE_SCREENSHOTS="${KEEPSAKE_SCREENSHOTS:-$repo/test-artifacts/screenshots}"
export SE_AVOID_STATS=true            # Selenium Manager: no network, no statistics
export PYTHONDONTWRITEBYTECODE=1
if [ ! -x "$KEEPSAKE_BIN" ]; then
  echo "browser tests: $KEEPSAKE_BIN is missing; build it first (swift build --product keepsake) or set KEEPSAKE_BIN" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
cd "$here" && exec python3 -u ../python/run_tests.py --name browser test_web test_two_people test_phone test_sync "$@"
