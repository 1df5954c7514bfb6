# shellcheck shell=bash
# The start every Python test suite's run.sh (browser, API, scale-out) shares. Sourced after the
# script has set `here` (its own folder), with the suite's name as its messages say it:
#
#   source "$here/../python/suite-env.sh" API
#
# Sets `repo` (the checkout); exports KEEPSAKE_BIN (default .build/debug/keepsake), KEEPSAKE_CORPUS
# (default ../shared/corpus beside the checkout) and PYTHONDONTWRITEBYTECODE; when KEEPSAKE_BIN is
# not an executable, says so and ends the run with "0 passed, 1 failed" and exit status 1.
repo="$(cd "$here/../.." && pwd)"
export KEEPSAKE_BIN="${KEEPSAKE_BIN:-$repo/.build/debug/keepsake}"
export KEEPSAKE_CORPUS="${KEEPSAKE_CORPUS:-$repo/../shared/corpus}"
export PYTHONDONTWRITEBYTECODE=1
if [ ! -x "$KEEPSAKE_BIN" ]; then
  echo "$1 tests: $KEEPSAKE_BIN is missing; build it first (swift build --product keepsake) or set KEEPSAKE_BIN" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
