"""schemathesis checks of the run as a second account (test_contract): the ids in
KEEPSAKE_FOREIGN_IDS belong to records of the first account, in books the second does not read.

- An operation on one of them is answered as for a record that does not exist: never 2xx, never
  403 (which would say that it exists).
- No successful answer carries one of them (a list, a search, the change feed, a report).

Loaded by schemathesis through SCHEMATHESIS_HOOKS=other_account_checks."""
import os

import schemathesis

FOREIGN = [value for value in os.environ.get("KEEPSAKE_FOREIGN_IDS", "").split(",") if value]


@schemathesis.check
def nothing_of_another_account(ctx, response, case):
    """Fails when an answer shows, or lets the caller change, a record of the first account."""
    path = case.formatted_path
    named = [value for value in FOREIGN if value in path]
    if named and 200 <= response.status_code < 300:
        raise AssertionError("%s %s answered %d for a record of another account" % (case.method, path, response.status_code))
    if named and response.status_code == 403:
        raise AssertionError("%s %s answered 403 for a record of another account (404 says nothing of it)" % (case.method, path))
    if 200 <= response.status_code < 300:
        body = response.content or b""
        for value in FOREIGN:
            if value.encode() in body:
                raise AssertionError("%s %s showed %s, a record of another account" % (case.method, path, value))
