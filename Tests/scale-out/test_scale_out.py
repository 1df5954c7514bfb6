"""Two `keepsake serve` processes on one PostgreSQL + one S3 bucket, with local folders of their
own as on two machines, behind nginx: requests land on either, logins and logouts hold on both,
photos uploaded through one are served by the other, retries and version checks meet across
servers, the change feed wakes a long poll on the other server, upload staging is local and
cleaned, and a server killed under traffic leaves the store whole while the proxy serves on."""
import hashlib
import json
import re
import threading
import time
import unittest
import uuid

import requests

from scale_out_support import CORPUS, DistributedStore, Proxy, Server

PASSWORD = "scale out"
STORE = SERVERS = PROXY = TOKEN = None


def setUpModule():
    global STORE, SERVERS, PROXY, TOKEN
    STORE = DistributedStore()
    TOKEN = STORE.keepsake("token", "create", "--name", "scale-out").stdout.strip()
    SERVERS = [Server(STORE, PASSWORD), Server(STORE, PASSWORD)]
    PROXY = Proxy(SERVERS)


def tearDownModule():
    PROXY.stop()
    statuses = [server.stop() for server in SERVERS if server.process.poll() is None]
    STORE.remove()
    assert all(status == 0 for status in statuses), "keepsake serve exited with %s" % statuses


def api(base):
    session = requests.Session()
    session.headers["Authorization"] = "Bearer " + TOKEN
    return session


def entry_body(text):
    return {"emotion": "calm", "intensity": 3, "text": text, "timeZone": "Asia/Seoul", "tags": ["scale-out"]}


def create_entry(base, text, key=None, files=None):
    key = key or str(uuid.uuid4())
    if files:
        return api(base).post(base + "/api/v1/diary/entries", headers={"Idempotency-Key": key},
                              data={"entry": json.dumps(entry_body(text))}, files=files, timeout=120)
    return api(base).post(base + "/api/v1/diary/entries", headers={"Idempotency-Key": key}, json=entry_body(text), timeout=120)


def csrf_token(page):
    match = re.search(r'name="_csrf" value="([^"]+)"', page.text)
    assert match, page.text[:500]
    return match.group(1)


class ProxyTests(unittest.TestCase):
    def test_requests_through_the_proxy_land_on_every_server(self):
        upstreams = set()
        for _ in range(12):
            response = api(PROXY.url).get(PROXY.url + "/api/v1/store/status", timeout=60)
            self.assertEqual(response.status_code, 200, response.text)
            upstreams.add(response.headers["X-Upstream"])
        self.assertEqual(upstreams, {"127.0.0.1:%d" % server.port for server in SERVERS})

    def test_the_cli_and_both_servers_see_one_store(self):
        made = create_entry(SERVERS[0].url, "seen everywhere %s" % uuid.uuid4().hex)
        self.assertEqual(made.status_code, 201, made.text)
        entry = made.json()
        for server in SERVERS:
            found = api(server.url).get(server.url + "/api/v1/diary/entries/%s" % entry["id"], timeout=60)
            self.assertEqual(found.status_code, 200, found.text)
            self.assertEqual(found.json()["text"], entry["text"])
        listing = STORE.keepsake("diary", "list", "--json").stdout
        self.assertIn(entry["id"], listing)


class SessionTests(unittest.TestCase):
    def test_a_login_through_one_server_holds_on_the_other_and_a_logout_ends_it_on_both(self):
        browser = requests.Session()
        first, second = SERVERS[0].url, SERVERS[1].url
        login = browser.get(first + "/login", timeout=60)
        self.assertEqual(login.status_code, 200)
        self.assertEqual(browser.get(first + "/diary", timeout=60).status_code, 401, "the pages need the password")
        done = browser.post(first + "/login", data={"_csrf": csrf_token(login), "login": "admin", "password": PASSWORD}, allow_redirects=False, timeout=60)
        self.assertEqual(done.status_code, 303, done.text)
        cookie = browser.cookies.get("keepsake_session")
        self.assertTrue(cookie)
        self.assertEqual(browser.get(second + "/diary", timeout=60).status_code, 200, "the first server's login holds on the second")
        form = browser.get(first + "/diary/new", timeout=60)
        saved = browser.post(second + "/diary/new", data={"_csrf": csrf_token(form), "title": "Two machines", "emotion": "joy",
                                                          "intensity": "4", "text": "a form of one server saved on the other"},
                             allow_redirects=False, timeout=60)
        self.assertEqual(saved.status_code, 303, saved.text)
        logout = browser.post(second + "/logout", data={"_csrf": csrf_token(form)}, allow_redirects=False, timeout=60)
        self.assertEqual(logout.status_code, 303, logout.text)
        for base in (first, second):
            reused = requests.get(base + "/diary", cookies={"keepsake_session": cookie}, timeout=60)
            self.assertEqual(reused.status_code, 401, "%s: a cookie logged out on the other server is refused" % base)


class PhotoTests(unittest.TestCase):
    def test_a_photo_uploaded_through_one_server_is_served_by_the_other_with_the_same_etag_and_ranges(self):
        photo = (CORPUS / "jpeg/testorig.jpg").read_bytes()
        made = create_entry(SERVERS[0].url, "photo", files=[("image", ("testorig.jpg", photo, "image/jpeg"))])
        self.assertEqual(made.status_code, 201, made.text)
        image = made.json()["images"][0]
        path = image["original"].replace("/api/v1", "")
        answers = [api(server.url).get(server.url + "/api/v1" + path, timeout=60) for server in SERVERS]
        for answer in answers:
            self.assertEqual(answer.status_code, 200)
            self.assertEqual(hashlib.sha256(answer.content).hexdigest(), image["sha256"])
        self.assertEqual(answers[0].headers["ETag"], answers[1].headers["ETag"])
        cached = api(SERVERS[1].url).get(SERVERS[1].url + "/api/v1" + path, headers={"If-None-Match": answers[0].headers["ETag"]}, timeout=60)
        self.assertEqual(cached.status_code, 304)
        part = api(SERVERS[1].url).get(SERVERS[1].url + "/api/v1" + path, headers={"Range": "bytes=2-9"}, timeout=60)
        self.assertEqual(part.status_code, 206)
        self.assertEqual(part.content, answers[0].content[2:10])
        for url in image["thumbnails"].values():
            for server in SERVERS:
                thumbnail = api(server.url).get(server.url + "/api/v1" + url.replace("/api/v1", ""), timeout=60)
                self.assertEqual(thumbnail.status_code, 200)
                self.assertTrue(thumbnail.headers["Content-Type"].startswith("image/"))

    def test_a_page_upload_through_the_proxy_leaves_nothing_staged_on_either_server(self):
        browser = requests.Session()
        login = browser.get(PROXY.url + "/login", timeout=60)
        browser.post(PROXY.url + "/login", data={"_csrf": csrf_token(login), "login": "admin", "password": PASSWORD}, allow_redirects=False, timeout=60)
        for _ in range(4):
            form = browser.get(PROXY.url + "/diary/new", timeout=60)
            saved = browser.post(PROXY.url + "/diary/new", data={"_csrf": csrf_token(form), "title": "Upload", "emotion": "joy",
                                                                 "intensity": "3", "text": "through the proxy"},
                                 files=[("photos", ("basn2c08.png", (CORPUS / "png/basn2c08.png").read_bytes(), "image/png"))],
                                 allow_redirects=False, timeout=120)
            self.assertEqual(saved.status_code, 303, saved.text[:500])
        for server in SERVERS:
            self.assertEqual(server.staged_uploads(), [], "uploads are staged locally and removed once stored")


class RetryAndVersionTests(unittest.TestCase):
    def test_a_retry_that_lands_on_the_other_server_returns_the_first_answer(self):
        key, text = str(uuid.uuid4()), "retried %s" % uuid.uuid4().hex
        first = create_entry(SERVERS[0].url, text, key=key)
        self.assertEqual(first.status_code, 201, first.text)
        again = create_entry(SERVERS[1].url, text, key=key)
        self.assertEqual(again.status_code, 201, again.text)
        self.assertEqual(again.json(), first.json())
        self.assertEqual(again.headers.get("Idempotent-Replayed"), "true")
        found = api(SERVERS[1].url).get(SERVERS[1].url + "/api/v1/diary/search", params={"q": text.split()[1]}, timeout=60).json()["items"]
        self.assertEqual([item["id"] for item in found], [first.json()["id"]])

    def test_an_edit_on_one_server_makes_the_others_stale_if_match_fail(self):
        entry = create_entry(SERVERS[0].url, "versioned").json()
        path = "/api/v1/diary/entries/%s" % entry["id"]
        etag = api(SERVERS[1].url).get(SERVERS[1].url + path, timeout=60).headers["ETag"]
        changed = api(SERVERS[0].url).patch(SERVERS[0].url + path, json={"text": "edited on the first"}, headers={"If-Match": etag}, timeout=60)
        self.assertEqual(changed.status_code, 200, changed.text)
        stale = api(SERVERS[1].url).patch(SERVERS[1].url + path, json={"text": "stale on the second"}, headers={"If-Match": etag}, timeout=60)
        self.assertEqual(stale.status_code, 412, stale.text)
        self.assertEqual(api(SERVERS[1].url).get(SERVERS[1].url + path, timeout=60).json()["text"], "edited on the first")


class ChangeFeedTests(unittest.TestCase):
    def test_a_change_made_on_one_server_wakes_a_long_poll_on_the_other(self):
        second = SERVERS[1].url
        cursor = api(second).get(second + "/api/v1/changes", params={"after": 0, "limit": 1}, timeout=60).json()["latest"]
        answer = {}

        def poll():
            started = time.monotonic()
            answer["page"] = api(second).get(second + "/api/v1/changes", params={"after": cursor, "wait": 25}, timeout=60).json()
            answer["took"] = time.monotonic() - started

        thread = threading.Thread(target=poll)
        thread.start()
        time.sleep(1.5)
        made = create_entry(SERVERS[0].url, "wake the other server").json()
        thread.join()
        self.assertIn(made["id"], [change["id"] for change in answer["page"]["changes"]])
        self.assertLess(answer["took"], 15, "woken by the other server's notification, not by the end of the wait")


class ZServerKilledTests(unittest.TestCase):
    """Last (it kills a server): writers keep going through the proxy while one server dies."""

    def test_a_server_killed_under_traffic_leaves_the_store_whole_and_the_proxy_serves_on(self):
        acknowledged, failures, stop = [], [], threading.Event()
        photo = (CORPUS / "png/basn2c08.png").read_bytes()

        def writer(number):
            count = 0
            while not stop.is_set() and count < 12:
                key, text = str(uuid.uuid4()), "writer %d entry %d %s" % (number, count, uuid.uuid4().hex[:8])
                # Retried with the same key, as a phone on a bad network does: a key whose first
                # request died with its server is held until its lease ends, and the 409 says
                # when to come back (Retry-After).
                deadline = time.monotonic() + 240
                while True:
                    try:
                        response = create_entry(PROXY.url, text, key=key, files=[("image", ("p.png", photo, "image/png"))])
                    except requests.RequestException as error:
                        response = error
                    if getattr(response, "status_code", None) == 201:
                        acknowledged.append(response.json()["id"])
                        break
                    if time.monotonic() > deadline:
                        failures.append((text, str(response), getattr(response, "text", "")[:300]))
                        break
                    wait = 0.5
                    if getattr(response, "status_code", None) == 409:
                        wait = min(float(response.headers.get("Retry-After", "1")), 30)
                    time.sleep(wait)
                count += 1

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(3)]
        for thread in threads:
            thread.start()
        time.sleep(3)
        SERVERS[0].kill()
        for thread in threads:
            thread.join(timeout=600)
        stop.set()
        self.assertEqual(failures, [], "every write got through, retried on the surviving server")
        self.assertEqual(len(acknowledged), 36)
        self.assertEqual(len(set(acknowledged)), 36, "no retry made a second entry")
        for identifier in acknowledged:
            found = api(SERVERS[1].url).get(SERVERS[1].url + "/api/v1/diary/entries/%s" % identifier, timeout=60)
            self.assertEqual(found.status_code, 200, identifier)
            self.assertEqual(len(found.json()["images"]), 1)
        # The dead server's unfinished operations are recovered by the next instance that opens the
        # store; fsck then finds nothing wrong.
        report = STORE.keepsake("fsck", "--json").stdout
        self.assertTrue(json.loads(report)["isClean"], report)
