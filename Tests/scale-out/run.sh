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
source "$here/../python/suite-env.sh" scale-out
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || { echo "scale-out tests: nginx is missing (scripts/bootstrap installs it)" >&2; exit 1; }
cd "$here"
if [ -n "${KEEPSAKE_TEST_POSTGRES_URL:-}" ]; then
  exec python3 -u ../python/run_tests.py --name scale-out test_scale_out "$@"
fi
exec "$repo/scripts/servers/with-servers" python3 -u ../python/run_tests.py --name scale-out test_scale_out "$@"
