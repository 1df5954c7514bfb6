#!/usr/bin/env bash
# Tests of the JSON API of `keepsake serve` with a real HTTP client (Python `requests`), the OpenAPI
# document (openapi-spec-validator) and schemathesis against a live server, and the curl examples of
# docs/API.md. Starts the real binary on temporary stores and ephemeral ports.
#
#   Tests/api/run.sh                          # uses .build/debug/keepsake; schemathesis bounded
#   KEEPSAKE_API_FUZZ=long Tests/api/run.sh   # the long schemathesis run of make torture
#   Tests/api/run.sh -k sync                  # only the tests whose names contain "sync"
#
# The last line is "N passed, M failed"; the exit status is non-zero when a test failed.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
export KEEPSAKE_BIN="${KEEPSAKE_BIN:-$repo/.build/debug/keepsake}"
export KEEPSAKE_CORPUS="${KEEPSAKE_CORPUS:-$repo/../shared/corpus}"
export PYTHONDONTWRITEBYTECODE=1
if [ ! -x "$KEEPSAKE_BIN" ]; then
  echo "API tests: $KEEPSAKE_BIN is missing; build it first (swift build --product keepsake) or set KEEPSAKE_BIN" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
cd "$here" && exec python3 -u ../python/run_tests.py --name API test_api test_contract "$@"
