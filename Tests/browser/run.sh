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
source "$here/../python/suite-env.sh" browser
export KEEPSAKE_SCREENSHOTS="${KEEPSAKE_SCREENSHOTS:-$repo/test-artifacts/screenshots}"
export SE_AVOID_STATS=true            # Selenium Manager: no network, no statistics
cd "$here" && exec python3 -u ../python/run_tests.py --name browser test_web test_two_people test_phone test_sync "$@"
