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
source "$here/../python/suite-env.sh" API
cd "$here" && exec python3 -u ../python/run_tests.py --name API test_api test_contract "$@"
