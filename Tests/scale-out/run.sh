#!/usr/bin/env bash
# Several `keepsake serve` processes on one PostgreSQL and one S3 bucket behind nginx (docs/SCALE-OUT.md):
# starts the test servers (scripts/servers/with-servers) unless they are already given, and runs
# the tests with Python `requests` against the real binary.
#
#   Tests/scale-out/run.sh                 # uses .build/debug/keepsake
#   Tests/scale-out/run.sh -k Session      # only the tests whose names contain "Session"
#
# The last line is "N passed, M failed"; the exit status is non-zero when a test failed.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
export KEEPSAKE_BIN="${KEEPSAKE_BIN:-$repo/.build/debug/keepsake}"
export KEEPSAKE_CORPUS="${KEEPSAKE_CORPUS:-$repo/../shared/corpus}"
export PYTHONDONTWRITEBYTECODE=1
if [ ! -x "$KEEPSAKE_BIN" ]; then
  echo "scale-out tests: $KEEPSAKE_BIN is missing; build it first (swift build --product keepsake) or set KEEPSAKE_BIN" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || { echo "scale-out tests: nginx is missing (scripts/bootstrap installs it)" >&2; exit 1; }
cd "$here"
if [ -n "${KEEPSAKE_TEST_POSTGRES_URL:-}" ]; then
  exec python3 -u ../python/run_tests.py --name scale-out test_scale_out "$@"
fi
exec "$repo/scripts/servers/with-servers" python3 -u ../python/run_tests.py --name scale-out test_scale_out "$@"
