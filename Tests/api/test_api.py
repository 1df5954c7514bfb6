"""Tests of the JSON API of `keepsake serve` with a real HTTP client (`requests`) against the real
binary on a temporary store: tokens, retries with one Idempotency-Key, stale If-Match, uploads of
every corpus format with Range and ETag downloads, a full mirror kept by the change feed while
another client writes, a revoked token, and the error shapes."""
import hashlib
import json
import threading
import time
import unittest
import uuid

import requests

from api_support import CORPUS, Client, Server, corpus_samples, keepsake, make_token, temporary_store

STORE = SERVER = TOKEN = None
CLEANUP = None


def setUpModule():
    global STORE, SERVER, TOKEN, CLEANUP
    STORE, CLEANUP = temporary_store()
    TOKEN = make_token(STORE, "tests")
    SERVER = Server(STORE)


def tearDownModule():
    status = SERVER.stop()
    CLEANUP()
    assert status == 0, "keepsake serve exited with %s" % status


def api(token=None):
    return Client(SERVER.url, TOKEN if token is None else token)


def entry_body(text="A day", **extra):
    return {"emotion": "joy", "intensity": 4, "text": text, "timeZone": "Asia/Seoul", "tags": ["api"], **extra}


class AuthTests(unittest.TestCase):
    def test_every_api_call_needs_a_bearer_token(self):
        for path in ["/diary/entries", "/openapi.json", "/changes", "/no/such/thing"]:
            response = api(token="").get(path)
            self.assertEqual(response.status_code, 401, path)
            self.assertEqual(response.headers["Content-Type"], "application/problem+json")
            self.assertTrue(response.headers["WWW-Authenticate"].startswith("Bearer"))
            self.assertEqual(response.json()["code"], "unauthorized")

    def test_a_made_up_or_malformed_token_is_refused(self):
        fake = "ks_" + "0" * 40 + "_" + "1" * 64
        for token in [fake, "not-a-token", TOKEN[:-1] + ("0" if TOKEN[-1] != "0" else "1")]:
            self.assertEqual(api(token=token).get("/diary/entries").status_code, 401, token)

    def test_an_upload_without_a_good_token_is_refused_before_its_body_is_staged(self):
        body = b"\xff" * (8 << 20)
        started = time.monotonic()
        for token in ["", "ks_" + "0" * 40 + "_" + "1" * 64]:
            response = requests.post(SERVER.url + "/api/v1/diary/entries", data=body, timeout=30,
                                     headers={"Content-Type": "application/json", "Idempotency-Key": "x",
                                              **({"Authorization": "Bearer " + token} if token else {})})
            self.assertEqual(response.status_code, 401)
            self.assertEqual(SERVER.uploads_staged(), [])
        self.assertLess(time.monotonic() - started, 10)

    def test_the_pages_session_is_not_accepted_by_the_api_and_the_token_not_by_the_pages(self):
        browser = requests.Session()
        page = browser.get(SERVER.url + "/diary/new", timeout=30)
        self.assertEqual(page.status_code, 200)
        self.assertTrue(browser.cookies)  # a session cookie
        self.assertEqual(browser.get(SERVER.url + "/api/v1/diary/entries", timeout=30).status_code, 401)
        # A page form posted with the token and no CSRF token is refused.
        response = requests.post(SERVER.url + "/diary/new", data={"emotion": "joy", "text": "x"}, timeout=30,
                                 headers={"Authorization": "Bearer " + TOKEN})
        self.assertEqual(response.status_code, 403)

    def test_a_read_only_token_reads_but_never_writes(self):
        reader = api(token=make_token(STORE, "reader-%s" % uuid.uuid4().hex[:6], read_only=True))
        self.assertEqual(reader.get("/diary/entries").status_code, 200)
        response = reader.post("/diary/entries", key=str(uuid.uuid4()), json=entry_body())
        self.assertEqual(response.status_code, 403)
        self.assertEqual(response.json()["code"], "forbidden")

    def test_me_says_which_account_a_token_acts_as_and_its_scopes(self):
        me = api().get("/me")
        self.assertEqual(me.status_code, 200)
        body = me.json()
        self.assertEqual(body["account"]["login"], "admin", "a token made without --user is the first admin's")
        self.assertFalse(body["token"]["readOnly"])
        self.assertIsNone(body["token"]["books"])
        reader = api(token=make_token(STORE, "me-%s" % uuid.uuid4().hex[:6], read_only=True)).get("/me").json()
        self.assertTrue(reader["token"]["readOnly"])
        self.assertTrue(all(not book["canWrite"] for book in reader["books"]))

    def test_a_revoked_token_is_refused_from_its_next_request_on(self):
        name = "phone-%s" % uuid.uuid4().hex[:6]
        phone = api(token=make_token(STORE, name))
        self.assertEqual(phone.get("/diary/entries").status_code, 200)
        listed = json.loads(keepsake(STORE, "token", "list", "--json"))
        self.assertIn(name, [token["name"] for token in listed])
        self.assertNotIn("secret", json.dumps(listed).lower())
        keepsake(STORE, "token", "revoke", name)
        response = phone.get("/diary/entries")
        self.assertEqual(response.status_code, 401)
        self.assertIn("revoked", response.json()["detail"])
        # Known revoked now: refused in the head check, before a body is read.
        upload = phone.post("/diary/entries", key="k", data=b"{" * (4 << 20), headers={"Content-Type": "application/json"})
        self.assertEqual(upload.status_code, 401)
        self.assertEqual(SERVER.uploads_staged(), [])


class IdempotencyTests(unittest.TestCase):
    def test_a_retry_with_the_same_key_returns_the_first_answer_and_makes_one_record(self):
        client, key, body = api(), str(uuid.uuid4()), entry_body("retried %s" % uuid.uuid4())
        first = client.post("/diary/entries", key=key, json=body)
        self.assertEqual(first.status_code, 201, first.text)
        for _ in range(3):
            again = client.post("/diary/entries", key=key, json=body)
            self.assertEqual(again.status_code, 201)
            self.assertEqual(again.json(), first.json())
            self.assertEqual(again.headers["Location"], first.headers["Location"])
            self.assertEqual(again.headers.get("Idempotent-Replayed"), "true")
        found = client.get("/diary/search", params={"q": body["text"].split()[1]}).json()["items"]
        self.assertEqual([item["id"] for item in found], [first.json()["id"]])

    def test_concurrent_retries_with_one_key_make_exactly_one_record(self):
        key, text = str(uuid.uuid4()), "concurrent%s" % uuid.uuid4().hex
        files = [("image", ("a.png", (CORPUS / "png/basn2c08.png").read_bytes(), "image/png"))]
        answers = []

        def send():
            answers.append(api().post("/feed/posts", key=key, data={"post": json.dumps({"title": text})}, files=files))

        threads = [threading.Thread(target=send) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        codes = sorted(answer.status_code for answer in answers)
        self.assertTrue(set(codes) <= {201, 409}, codes)
        self.assertIn(201, codes)
        for answer in answers:
            if answer.status_code == 409:
                self.assertEqual(answer.json()["code"], "idempotencyKeyInProgress")
                self.assertIn("Retry-After", answer.headers)
        ids = {answer.json()["id"] for answer in answers if answer.status_code == 201}
        self.assertEqual(len(ids), 1)
        self.assertEqual([item["id"] for item in api().get("/feed/search", params={"q": text}).json()["items"]], list(ids))

    def test_the_same_key_with_another_body_is_422_and_a_missing_key_is_400(self):
        client, key = api(), str(uuid.uuid4())
        self.assertEqual(client.post("/diary/entries", key=key, json=entry_body("one")).status_code, 201)
        other = client.post("/diary/entries", key=key, json=entry_body("two"))
        self.assertEqual(other.status_code, 422)
        self.assertEqual(other.json()["code"], "idempotencyKeyReused")
        missing = client.post("/diary/entries", json=entry_body())
        self.assertEqual(missing.status_code, 400)
        self.assertEqual(missing.json()["code"], "idempotencyKeyMissing")

    def test_a_refused_request_leaves_its_key_free(self):
        client, key = api(), str(uuid.uuid4())
        refused = client.post("/diary/entries", key=key, json={"emotion": "joy", "intensity": 9, "text": "x"})
        self.assertEqual(refused.status_code, 400)
        self.assertEqual(client.post("/diary/entries", key=key, json=entry_body("fixed")).status_code, 201)

    def test_keys_of_different_tokens_never_meet(self):
        key = str(uuid.uuid4())
        other = api(token=make_token(STORE, "other-%s" % uuid.uuid4().hex[:6]))
        first = api().post("/diary/entries", key=key, json=entry_body("mine"))
        second = other.post("/diary/entries", key=key, json=entry_body("theirs"))
        self.assertEqual((first.status_code, second.status_code), (201, 201))
        self.assertNotEqual(first.json()["id"], second.json()["id"])

    def test_a_retried_upload_adds_its_photo_once(self):
        client = api()
        entry = client.create("/diary/entries", entry_body())
        key, photo = str(uuid.uuid4()), (CORPUS / "jpeg/testorig.jpg").read_bytes()
        for _ in range(3):
            response = client.post("/diary/entries/%s/images" % entry["id"], key=key, data=photo, headers={"Content-Type": "image/jpeg"})
            self.assertEqual(response.status_code, 201, response.text)
        self.assertEqual(len(client.get("/diary/entries/%s" % entry["id"]).json()["images"]), 1)


class VersionTests(unittest.TestCase):
    def test_a_stale_if_match_is_412_and_changes_nothing(self):
        client = api()
        entry = client.create("/diary/entries", entry_body("first"))
        first = client.get("/diary/entries/%s" % entry["id"])
        etag = first.headers["ETag"]
        self.assertEqual(etag, '"v%d"' % entry["version"])
        changed = client.patch("/diary/entries/%s" % entry["id"], json={"text": "second"}, headers={"If-Match": etag})
        self.assertEqual(changed.status_code, 200, changed.text)
        self.assertNotEqual(changed.headers["ETag"], etag)
        stale = client.patch("/diary/entries/%s" % entry["id"], json={"text": "third"}, headers={"If-Match": etag})
        self.assertEqual(stale.status_code, 412)
        self.assertEqual(stale.json()["code"], "conflict")
        self.assertEqual(stale.json()["remedy"], "reloadAndRetry")
        self.assertEqual(client.get("/diary/entries/%s" % entry["id"]).json()["text"], "second")
        for method, path in [("DELETE", ""), ("POST", "/restore"), ("DELETE", "/images/1")]:
            response = client.request(method, "/diary/entries/%s%s" % (entry["id"], path), headers={"If-Match": etag})
            self.assertIn(response.status_code, (412, 404), (method, path, response.text))

    def test_if_none_match_is_304(self):
        client = api()
        post = client.create("/feed/posts", {"title": "cached"})
        first = client.get("/feed/posts/%s" % post["id"])
        again = client.get("/feed/posts/%s" % post["id"], headers={"If-None-Match": first.headers["ETag"]})
        self.assertEqual(again.status_code, 304)

    def test_ledger_and_feed_edits_check_versions_too(self):
        client = api()
        transaction = client.create("/ledger/transactions", {"date": "2025-03-14", "kind": "expense", "amount": "12000", "currency": "KRW", "category": "식비"})
        etag = '"v%d"' % transaction["version"]
        ok = client.patch("/ledger/transactions/%s" % transaction["id"], json={"memo": "김밥"}, headers={"If-Match": etag})
        self.assertEqual(ok.status_code, 200, ok.text)
        self.assertEqual(ok.json()["memo"], "김밥")
        self.assertEqual(client.patch("/ledger/transactions/%s" % transaction["id"], json={"memo": "x"}, headers={"If-Match": etag}).status_code, 412)
        post = client.create("/feed/posts", {"title": "t"})
        self.assertEqual(client.patch("/feed/posts/%s" % post["id"], json={"title": "u"}, headers={"If-Match": '"v999"'}).status_code, 412)
        self.assertEqual(client.get("/feed/posts/%s" % post["id"]).json()["title"], "t")


class ImageTests(unittest.TestCase):
    def test_every_corpus_format_uploads_and_downloads_with_ranges_and_etags(self):
        client = api()
        samples = corpus_samples()
        self.assertTrue({"jpg", "png", "webp", "heic", "avif"} <= set(samples), samples)
        entry = client.create("/diary/entries", entry_body("formats"))
        stored = {}
        for extension, path in samples.items():
            data = path.read_bytes()
            response = client.post("/diary/entries/%s/images" % entry["id"], key=str(uuid.uuid4()),
                                   files=[("image", (path.name, data, "application/octet-stream"))])
            if extension in ("heif", "hif") and response.status_code in (413, 415):
                self.assertIn(response.json()["code"], ("unsupportedImage", "imageTooLarge"), response.text)
                continue
            self.assertEqual(response.status_code, 201, "%s: %s" % (path, response.text))
            image = response.json()["images"][-1]
            stored[extension] = image
            self.assertTrue(image["mediaType"].startswith("image/"))
            if len(stored) == 9:  # the diary's photo limit is 10
                break
        for extension, image in stored.items():
            original = client.get(image["original"].replace("/api/v1", ""))
            self.assertEqual(original.status_code, 200, extension)
            self.assertEqual(hashlib.sha256(original.content).hexdigest(), image["sha256"])
            self.assertEqual(original.headers["Accept-Ranges"], "bytes")
            cached = client.get(image["original"].replace("/api/v1", ""), headers={"If-None-Match": original.headers["ETag"]})
            self.assertEqual(cached.status_code, 304)
            part = client.get(image["original"].replace("/api/v1", ""), headers={"Range": "bytes=1-10"})
            self.assertEqual(part.status_code, 206)
            self.assertEqual(part.content, original.content[1:11])
            self.assertEqual(part.headers["Content-Range"], "bytes 1-10/%d" % len(original.content))
            tail = client.get(image["original"].replace("/api/v1", ""), headers={"Range": "bytes=-5"})
            self.assertEqual(tail.content, original.content[-5:])
            beyond = client.get(image["original"].replace("/api/v1", ""), headers={"Range": "bytes=%d-" % (len(original.content) + 10)})
            self.assertEqual(beyond.status_code, 416)
            self.assertEqual(beyond.headers["Content-Range"], "bytes */%d" % len(original.content))
            for size, url in image["thumbnails"].items():
                thumbnail = client.get(url.replace("/api/v1", ""))
                self.assertEqual(thumbnail.status_code, 200, (extension, size))
                self.assertTrue(thumbnail.headers["Content-Type"].startswith("image/"))
        self.assertGreaterEqual(len(stored), 5)

    def test_replace_remove_and_reorder_photos(self):
        client = api()
        files = [("image", ("a.jpg", (CORPUS / "jpeg/testorig.jpg").read_bytes(), "image/jpeg")),
                 ("image", ("b.png", (CORPUS / "png/toucan.png").read_bytes(), "image/png"))]
        post = client.create("/feed/posts", {"title": "photos"}, files=files)
        first, second = [image["id"] for image in post["images"]]
        reordered = client.put("/feed/posts/%s/images" % post["id"], json={"order": [second, first]})
        self.assertEqual(reordered.status_code, 200, reordered.text)
        self.assertEqual([image["id"] for image in reordered.json()["images"]], [second, first])
        self.assertEqual(client.put("/feed/posts/%s/images" % post["id"], json={"order": [first]}).status_code, 409)  # not the post's photos
        replaced = client.put("/feed/posts/%s/images/%d" % (post["id"], first), key=str(uuid.uuid4()),
                              data=(CORPUS / "webp/test.webp").read_bytes(), headers={"Content-Type": "image/webp"})
        self.assertEqual(replaced.status_code, 200, replaced.text)
        ids = [image["id"] for image in replaced.json()["images"]]
        self.assertEqual(ids[0], second)
        self.assertNotIn(first, ids)
        removed = client.delete("/feed/posts/%s/images/%d" % (post["id"], second))
        self.assertEqual(removed.status_code, 200)
        self.assertEqual(len(removed.json()["images"]), 1)
        self.assertEqual(client.get("/feed/posts/%s/images/%d" % (post["id"], second)).status_code, 404)

    def test_a_corrupt_photo_is_422_and_an_unknown_kind_415_and_nothing_is_stored(self):
        client = api()
        entry = client.create("/diary/entries", entry_body("bad photos"))
        corrupt = client.post("/diary/entries/%s/images" % entry["id"], key=str(uuid.uuid4()),
                              data=(CORPUS / "jpeg-corrupt/truncated_jpeg.jpg").read_bytes(), headers={"Content-Type": "image/jpeg"})
        self.assertIn(corrupt.status_code, (415, 422), corrupt.text)
        self.assertEqual(corrupt.headers["Content-Type"], "application/problem+json")
        text = client.post("/diary/entries/%s/images" % entry["id"], key=str(uuid.uuid4()), data=b"hello", headers={"Content-Type": "text/plain"})
        self.assertEqual(text.status_code, 415)
        self.assertEqual(client.get("/diary/entries/%s" % entry["id"]).json()["images"], [])

    def test_a_receipt_is_attached_replaced_downloaded_and_removed(self):
        client = api()
        transaction = client.create("/ledger/transactions", {"date": "2025-04-01", "kind": "expense", "amount": "4.50", "currency": "USD", "category": "Coffee"})
        path = "/ledger/transactions/%s/receipt" % transaction["id"]
        self.assertEqual(client.get(path).status_code, 404)
        attached = client.put(path, key=str(uuid.uuid4()), data=(CORPUS / "png/toucan.png").read_bytes(), headers={"Content-Type": "image/png"})
        self.assertEqual(attached.status_code, 200, attached.text)
        receipt = attached.json()["receipt"]
        self.assertEqual(hashlib.sha256(client.get(path + "/original").content).hexdigest(), receipt["sha256"])
        self.assertEqual(client.get(path + "/thumbnails/256").status_code, 200)
        removed = client.delete(path)
        self.assertEqual(removed.status_code, 200)
        self.assertIsNone(removed.json()["receipt"])


class SyncTests(unittest.TestCase):
    def full_state(self, client):
        state = {}
        for path in ["/diary/entries", "/diary/trash", "/ledger/transactions", "/ledger/trash", "/feed/posts", "/feed/trash"]:
            for item in client.every(path):
                state[item["id"]] = item
        return state

    def sync(self, client, mirror, after, wait=0, limit=7):
        """Applies pages of changes to `mirror` until there are none; returns the cursor."""
        while True:
            response = client.get("/changes", params={"after": after, "limit": limit, "wait": wait})
            self.assertEqual(response.status_code, 200, response.text)
            page = response.json()
            sequences = [change["sequence"] for change in page["changes"]]
            self.assertEqual(sequences, sorted(sequences))
            self.assertTrue(all(sequence > after for sequence in sequences))
            for change in page["changes"]:
                if change["deleted"]:
                    self.assertIsNone(change["record"])
                    mirror.pop(change["id"], None)
                else:
                    mirror[change["id"]] = change["record"]
            after = page["next"]
            if not page["hasMore"]:
                return after

    def test_a_mirror_kept_by_the_change_feed_while_another_client_writes_matches_the_store(self):
        mirror_client, writer = api(), api(token=make_token(STORE, "writer-%s" % uuid.uuid4().hex[:6]))
        mirror = {}
        cursor = self.sync(mirror_client, mirror, 0)  # first sync: everything so far
        done = threading.Event()
        errors = []

        def write():
            try:
                photo = (CORPUS / "png/basn2c08.png").read_bytes()
                for round in range(12):
                    entry = writer.create("/diary/entries", entry_body("round %d" % round),
                                          files=[("image", ("p.png", photo, "image/png"))] if round % 3 == 0 else None)
                    writer.patch("/diary/entries/%s" % entry["id"], json={"intensity": 1 + round % 5})
                    post = writer.create("/feed/posts", {"title": "post %d" % round})
                    transaction = writer.create("/ledger/transactions", {"date": "2025-05-%02d" % (1 + round), "kind": "income",
                                                                         "amount": "%d.00" % (round + 1), "currency": "EUR", "category": "Sync"})
                    if round % 2 == 0:
                        writer.delete("/feed/posts/%s" % post["id"])
                        if round % 4 == 0:
                            writer.delete("/feed/trash/%s" % post["id"])  # purged: a tombstone
                    if round % 3 == 1:
                        writer.delete("/ledger/transactions/%s" % transaction["id"])
                        writer.post("/ledger/transactions/%s/restore" % transaction["id"])
            except Exception as error:  # reported by the test below
                errors.append(error)
            finally:
                done.set()

        thread = threading.Thread(target=write)
        thread.start()
        while not done.is_set():
            cursor = self.sync(mirror_client, mirror, cursor, wait=1)
        thread.join()
        self.assertEqual(errors, [])
        cursor = self.sync(mirror_client, mirror, cursor)
        self.assertEqual(mirror, self.full_state(mirror_client))
        latest = mirror_client.get("/changes", params={"after": cursor}).json()
        self.assertEqual((latest["changes"], latest["next"]), ([], cursor))

    def test_a_mirror_resumes_after_being_offline_and_tombstones_cover_purged_records(self):
        client = api()
        mirror = {}
        cursor = self.sync(client, mirror, 0)
        saved = dict(mirror)
        doomed = client.create("/diary/entries", entry_body("doomed"))
        kept = client.create("/diary/entries", entry_body("kept"))
        self.assertEqual(client.delete("/diary/entries/%s" % doomed["id"]).status_code, 200)
        self.assertEqual(client.delete("/diary/trash/%s" % doomed["id"]).status_code, 204)
        self.assertEqual(client.delete("/diary/trash/%s" % kept["id"]).status_code, 409)  # not in the trash
        changes = client.get("/changes", params={"after": cursor, "limit": 1000}).json()["changes"]
        tombstone = [change for change in changes if change["id"] == doomed["id"]]
        self.assertEqual(len(tombstone), 1)
        self.assertEqual((tombstone[0]["kind"], tombstone[0]["deleted"], tombstone[0]["record"]), ("deleted", True, None))
        cursor = self.sync(client, saved, cursor)  # back online with what was saved
        self.assertNotIn(doomed["id"], saved)
        self.assertEqual(saved[kept["id"]], client.get("/diary/entries/%s" % kept["id"]).json())
        self.assertEqual(saved, self.full_state(client))

    def test_a_long_poll_answers_as_soon_as_something_changes(self):
        client = api()
        cursor = client.get("/changes", params={"after": 0, "limit": 1}).json()["latest"]
        answer = {}

        def poll():
            started = time.monotonic()
            answer["page"] = client.get("/changes", params={"after": cursor, "wait": 20}).json()
            answer["took"] = time.monotonic() - started

        thread = threading.Thread(target=poll)
        thread.start()
        time.sleep(1)
        made = client.create("/feed/posts", {"title": "wake up"})
        thread.join()
        self.assertIn(made["id"], [change["id"] for change in answer["page"]["changes"]])
        self.assertLess(answer["took"], 10)


class ErrorShapeTests(unittest.TestCase):
    def test_failures_are_problem_json_with_the_keepsake_code_and_remedy(self):
        client = api()
        missing = client.get("/feed/posts/%s" % uuid.uuid4())
        self.assertEqual(missing.status_code, 404)
        problem = missing.json()
        self.assertEqual(missing.headers["Content-Type"], "application/problem+json")
        self.assertEqual((problem["status"], problem["code"]), (404, "notFound"))
        self.assertTrue(problem["type"].startswith("urn:keepsake:problem:"))
        self.assertTrue(problem["detail"])
        self.assertEqual(problem["remedy"], "listRecords")
        self.assertEqual(client.get("/diary/entries/not-a-uuid").status_code, 404)
        bad = client.post("/diary/entries", key=str(uuid.uuid4()), json={"emotion": "joy", "text": "x", "colour": "red"})
        self.assertEqual((bad.status_code, bad.json()["code"]), (400, "invalidArgument"))
        self.assertIn("colour", bad.json()["detail"])
        wrong_type = client.post("/diary/entries", key=str(uuid.uuid4()), data="emotion=joy", headers={"Content-Type": "application/x-www-form-urlencoded"})
        self.assertEqual(wrong_type.status_code, 415)
        not_allowed = client.request("PATCH", "/diary/entries")
        self.assertEqual(not_allowed.status_code, 405)
        self.assertIn("GET", not_allowed.headers["Allow"])
        entry = client.create("/diary/entries", entry_body())
        self.assertEqual(client.post("/diary/entries/%s/restore" % entry["id"]).json()["code"], "conflict")
        too_many = client.post("/diary/entries/%s/images" % entry["id"], key=str(uuid.uuid4()),
                               files=[("image", ("p%d.png" % n, (CORPUS / "png/basn2c08.png").read_bytes(), "image/png")) for n in range(11)])
        self.assertEqual((too_many.status_code, too_many.json()["code"]), (413, "limitExceeded"))

    def test_reports_calendar_statistics_csv_status_and_fsck(self):
        client = api()
        client.create("/ledger/transactions", {"date": "2024-02-10", "kind": "expense", "amount": "3.25", "currency": "USD", "category": "Tea"})
        monthly = client.get("/ledger/reports/monthly", params={"year": 2024}).json()
        self.assertEqual(len(monthly["months"]), 12)
        self.assertIn({"currency": "USD", "income": "0.00", "expense": "3.25", "balance": "-3.25", "transactionCount": 1}, monthly["months"][1]["totals"])
        categories = client.get("/ledger/reports/categories", params={"year": 2024, "month": 2}).json()["categories"]
        self.assertIn("Tea", [item["category"] for item in categories])
        csv = client.get("/ledger/export.csv")
        self.assertEqual(csv.headers["Content-Type"], "text/csv; charset=utf-8")
        self.assertTrue(csv.text.startswith("id,date,kind,amount,currency,category,memo"))
        entry = client.create("/diary/entries", entry_body("calendar", moment="2024-03-05T10:00:00+09:00"))
        calendar = client.get("/diary/calendar", params={"month": "2024-03"}).json()
        self.assertIn("2024-03-05", [day["day"] for day in calendar["days"]])
        statistics = client.get("/diary/statistics", params={"from": "2024-03-01", "until": "2024-04-01", "timeZone": "Asia/Seoul"}).json()
        self.assertEqual(statistics["periods"][0]["emotions"]["joy"], 1)
        self.assertEqual(client.get("/diary/statistics", params={"from": "2024-04-01", "until": "2024-03-01"}).status_code, 400)
        status = client.get("/store/status").json()
        self.assertGreater(status["totalRecords"], 0)
        report = client.post("/store/fsck").json()
        self.assertTrue(report["isClean"], report)
        self.assertTrue(entry["id"])
