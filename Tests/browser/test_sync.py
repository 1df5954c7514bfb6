"""Browser tests of the outbox's sync (issue 23): each change exactly once, nothing overwritten silently.

SyncTests, on a server of their own with a password, in headless Chromium at a phone's size:
- test_10: after the login the worker keeps the compose pages never opened; with the server
  stopped a transaction with a receipt and a post with two photos are composed there, the page
  reloaded; the server back, both arrive once, photos byte for byte those of a direct upload.
- test_20: two browsers edit the same entry, one offline: the offline edit comes back as a
  conflict showing both versions (the server keeps the other's until the person chooses); an
  offline edit of another field of another entry is merged onto the newer version by itself.
- test_30: 20 entries with three photos each, waiting in the outbox, are sent; the time is printed
  against a client posting the same 20 requests to the same server (the server's ingest rate).
- test_40: the server killed with SIGKILL in the middle of sending 20 entries, then started again:
  still each exactly once with its three photos, and `keepsake fsck` finds the store clean.
"""
import base64
import hashlib
import json
import subprocess
import time
import unittest
import uuid
from pathlib import Path

import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_phone import BIN, CORPUS, WAIT, OfflineServer, chromium



class SyncTests(OfflineServer):
    """The outbox's sync against one server, restarted on its port when a test stops it."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        # Three photos of a phone's size (about 2 megapixels, JPEG), made from the corpus with vips.
        cls.photos = []
        for name, source, scale in [("harbour.jpg", "jpeg/progressive3.jpg", 3), ("street.jpg", "jpeg/testorig.jpg", 8), ("toucan.jpg", "png/toucan.png", 10)]:
            made = Path(cls.workspace) / name
            subprocess.run(["vips", "resize", str(CORPUS / source), "%s[Q=85]" % made, str(scale)], check=True, capture_output=True, timeout=120)
            cls.photos.append(made)

    def api(self, method, path, token, **arguments):
        headers = {"Authorization": "Bearer " + token["token"]}
        if method == "POST":
            headers["Idempotency-Key"] = str(uuid.uuid4())
        return requests.request(method, self.url + path, timeout=60, headers=headers, **arguments)

    def ready_device(self):
        self.log_in()
        return WebDriverWait(self.driver, WAIT).until(lambda d: self.device_token(), "a device token")

    def digests(self, token, images):
        return [hashlib.sha256(self.api("GET", image["original"], token).content).hexdigest() for image in images]

    def direct_digests(self, token, paths):
        """The SHA-256 of each file's original as the server stores it when uploaded directly."""
        files = [("image", (path.name, path.read_bytes(), "image/jpeg" if path.suffix == ".jpg" else "image/png")) for path in paths]
        made = self.api("POST", "/api/v1/diary/entries", token, data={"entry": json.dumps({"emotion": "calm", "title": "direct upload"})}, files=files)
        self.assertEqual(made.status_code, 201, made.text)
        return self.digests(token, made.json()["images"])

    def entries_titled(self, token, prefix):
        found, after = [], None
        while True:
            page = self.api("GET", "/api/v1/diary/entries", token, params={"limit": 100, **({"after": after} if after else {})}).json()
            found += [entry for entry in page["items"] if (entry.get("title") or "").startswith(prefix)]
            after = page.get("next")
            if not after:
                return found

    def wait_empty(self, timeout, driver=None):
        """Until nothing waits in the outbox's store (and the header shows no outbox)."""
        try:
            WebDriverWait(driver or self.driver, timeout, poll_frequency=0.05).until(
                lambda d: self.outbox_changes(d) == [] and self.outbox_count(d) == 0, "the outbox empties")
        except Exception:
            print("  outbox:", self.outbox_changes(driver))
            raise

    def test_10_a_receipt_and_a_post_composed_offline_on_pages_never_opened(self):
        driver = self.driver
        token = self.ready_device()
        # Only the timeline was opened: the worker keeps the compose pages by itself.
        kept = lambda: self.script("""caches.open('keepsake-pages').then(function (c) { return c.keys(); })
            .then(function (keys) { done(keys.map(function (k) { return new URL(k.url).pathname; })); });""")
        WebDriverWait(driver, WAIT).until(lambda d: {"/ledger/new", "/feed/new", "/diary/new"} <= set(kept()), "the compose pages are kept")
        receipt, photos = CORPUS / "jpeg/progressive3.jpg", [CORPUS / "jpeg/testorig.jpg", CORPUS / "png/toucan.png"]
        self.stop_server()
        try:
            driver.get(self.url + "/ledger/new")
            self.assertTrue(self.one(".offline-banner").is_displayed())
            self.one("input[name='amount']").send_keys("12.50")
            self.one("input[name='category']").send_keys("Lunch by the harbour")
            self.one("textarea[name='memo']").send_keys("Paid at the till, no signal.")
            self.one("input[type='file'][name='receipt']:not([capture])").send_keys(str(receipt))
            self.one("button[name='done']").click()
            WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".outbox-saved"), "the transaction is saved on this device")

            driver.get(self.url + "/feed/new")
            self.one("input[name='title']").send_keys("The harbour at dusk")
            self.one("textarea[name='contents']").send_keys("Two photos from the pier.")
            self.one("input.photo-picker:not(.photo-camera)").send_keys("\n".join(str(p) for p in photos))
            WebDriverWait(driver, WAIT).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".photo-list .photo")) == 2)
            self.one("button[name='done']").click()
            WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".outbox-saved"), "the post is saved on this device")
            # A post without a title is refused in the form, not queued.
            driver.get(self.url + "/feed/new")
            self.one("button[name='done']").click()
            WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".outbox-refused"), "the missing title is said")
            driver.refresh()
            WebDriverWait(driver, WAIT).until(lambda d: self.outbox_count() == 2, "both wait through a reload")
        finally:
            type(self).start()

        driver.get(self.url + "/ledger")
        self.wait_empty(30)
        transactions = [t for t in self.api("GET", "/api/v1/ledger/transactions", token, params={"limit": 100}).json()["items"]
                        if t["category"] == "Lunch by the harbour"]
        self.assertEqual(len(transactions), 1, "the transaction exactly once")
        self.assertEqual((transactions[0]["amount"], transactions[0]["kind"]), ("12.50", "expense"))
        self.assertIsNotNone(transactions[0]["receipt"])
        posts = [p for p in self.api("GET", "/api/v1/feed/posts", token, params={"limit": 100}).json()["items"] if p["title"] == "The harbour at dusk"]
        self.assertEqual(len(posts), 1, "the post exactly once")
        self.assertEqual(self.digests(token, [transactions[0]["receipt"]]), self.direct_digests(token, [receipt]))
        self.assertEqual(self.digests(token, posts[0]["images"]), self.direct_digests(token, photos))

    def test_20_two_browsers_edit_one_entry_and_neither_edit_is_lost(self):
        driver = self.driver
        token = self.ready_device()
        same, other = [self.api("POST", "/api/v1/diary/entries", token, json={"emotion": "calm", "title": title, "text": "As first written."}).json()["id"]
                       for title in ["Edited twice", "Edited apart"]]
        for entry in [same, other]:
            driver.get(self.url + "/diary/%s/edit" % entry)  # seen, so kept for offline
        self.script("navigator.serviceWorker.ready.then(function () { done(true); });")
        for entry in [same, other]:
            driver.get(self.url + "/diary/%s/edit" % entry)
        self.stop_server()
        try:
            driver.get(self.url + "/diary/%s/edit" % same)
            self.assertTrue(self.one(".offline-banner").is_displayed())
            title = self.one("input[name='title']")
            title.clear()
            title.send_keys("Edited on the train")
            self.one("button[name='done']").click()
            WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".outbox-saved"), "the edit is saved on this device")
            driver.get(self.url + "/diary/%s/edit" % other)
            text = self.one("textarea[name='text']")
            text.clear()
            text.send_keys("Rewritten on the train.")
            self.one("button[name='done']").click()
            WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".outbox-saved"))
            driver.get("about:blank")  # nothing runs here until this browser opens the app again
        finally:
            type(self).start()

        # Meanwhile the other browser, online, changes both titles.
        home = self.workspace + "/home-b"
        subprocess.run(["mkdir", "-p", home], check=True)
        other_browser = chromium(home)
        try:
            self.log_in(other_browser)
            for entry, new_title in [(same, "Edited at home"), (other, "Retitled at home")]:
                other_browser.get(self.url + "/diary/%s/edit" % entry)
                field = other_browser.find_element(By.CSS_SELECTOR, "input[name='title']")
                field.clear()
                field.send_keys(new_title)
                other_browser.find_element(By.CSS_SELECTOR, "button[name='done']").click()
                WebDriverWait(other_browser, WAIT).until(lambda d: d.execute_script("return location.pathname") == "/diary/" + entry)
        finally:
            other_browser.quit()

        # The offline browser comes back: the edit of another field goes through on the newer
        # version; the edit of the same field is shown with both versions, and waits.
        driver.get(self.url + "/diary")
        conflict = WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".outbox-conflicts .conflict"), "the conflict is shown")[0]
        row = conflict.find_element(By.CSS_SELECTOR, "tr[data-field='title']")
        self.assertEqual(row.find_element(By.CSS_SELECTOR, "td.mine").text, "Edited on the train")
        self.assertEqual(row.find_element(By.CSS_SELECTOR, "td.theirs").text, "Edited at home")
        self.assertIn("differs", row.get_attribute("class"))
        self.assertEqual(self.outbox_count(), 1, "only the conflicting edit waits: %s" % self.outbox_changes())
        merged = self.api("GET", "/api/v1/diary/entries/" + other, token).json()
        self.assertEqual((merged["title"], merged["text"]), ("Retitled at home", "Rewritten on the train."), "both edits of the other entry kept")
        self.assertEqual(self.api("GET", "/api/v1/diary/entries/" + same, token).json()["title"], "Edited at home", "nothing overwritten silently")
        self.assertLessEqual(driver.execute_script("return document.documentElement.scrollWidth"), 390)

        # The person keeps theirs: sent on top of the server's version.
        conflict.find_element(By.CSS_SELECTOR, "button.keep-mine").click()
        self.wait_empty(30)
        self.assertEqual(self.api("GET", "/api/v1/diary/entries/" + same, token).json()["title"], "Edited on the train")
        self.assertFalse(driver.find_elements(By.CSS_SELECTOR, ".outbox-conflicts .conflict"))

    def queue_entries(self, prefix, count):
        """Puts `count` new entries with the three photos into the outbox in the shape its form
        makes (the form itself is tested above and in test_phone), so the sync alone is timed."""
        photos = [{"name": p.name, "data": base64.b64encode(p.read_bytes()).decode()} for p in self.photos]
        bodies = [json.dumps({"emotion": "joy", "intensity": 3, "title": "%s %02d" % (prefix, n), "text": "Entry %d of the outbox." % n,
                              "timeZone": "UTC", "tags": ["sync"]}) for n in range(count)]
        self.script("""var photos = arguments[0], bodies = arguments[1];
            var blobs = photos.map(function (p) { var bytes = Uint8Array.from(atob(p.data), function (c) { return c.charCodeAt(0); });
                                                  return { blob: new Blob([bytes], { type: 'image/jpeg' }), name: p.name, type: 'image/jpeg' }; });
            var r = indexedDB.open('keepsake-outbox', 1);
            r.onsuccess = function () { var tx = r.result.transaction('changes', 'readwrite'), store = tx.objectStore('changes');
              bodies.forEach(function (body, n) {
                store.put({ id: crypto.randomUUID(), key: crypto.randomUUID(), app: 'diary', kind: 'create', record: null, version: null, before: null,
                            bodyJSON: body, label: JSON.parse(body).title, state: 'waiting', reason: '',
                            queuedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), photos: blobs }); });
              tx.oncomplete = function () { r.result.close(); done(true); }; };""", photos, bodies)
        return bodies

    def check_each_once(self, token, prefix, count):
        found = self.entries_titled(token, prefix)
        titles = sorted(entry["title"] for entry in found)
        self.assertEqual(titles, ["%s %02d" % (prefix, n) for n in range(count)], "each exactly once")
        self.assertEqual({len(entry["images"]) for entry in found}, {3}, "each with its three photos")
        return found

    def test_30_twenty_entries_with_three_photos_sync_at_the_servers_rate(self):
        driver = self.driver
        token = self.ready_device()
        driver.get(self.url + "/account")  # a page whose own work is small
        bodies = self.queue_entries("Synced", 20)
        started = time.monotonic()
        driver.get(self.url + "/account")  # the outbox sends on load
        self.wait_empty(180)
        page_seconds = time.monotonic() - started
        self.check_each_once(token, "Synced", 20)

        # The peer: the same 20 requests from a client that does nothing else.
        files = [("image", (p.name, p.read_bytes(), "image/jpeg")) for p in self.photos]
        started = time.monotonic()
        for body in bodies:
            sent = self.api("POST", "/api/v1/diary/entries", token, data={"entry": body.replace("Synced", "Direct")}, files=files)
            self.assertEqual(sent.status_code, 201, sent.text)
        direct_seconds = time.monotonic() - started
        print("  FIGURES outbox sync of 20 entries x 3 photos (%d KB each, about 2 megapixels): %.2f s from the page's load to an empty outbox, "
              "%.2f s for a client posting the same 20 requests: %.2fx the server's ingest rate"
              % (sum(p.stat().st_size for p in self.photos) // 3 // 1024, page_seconds, direct_seconds, page_seconds / direct_seconds))

    def test_40_the_server_killed_in_the_middle_of_the_sync(self):
        driver = self.driver
        token = self.ready_device()
        driver.get(self.url + "/account")
        self.queue_entries("Survived", 20)
        driver.get(self.url + "/account")
        WebDriverWait(driver, 120, poll_frequency=0.1).until(lambda d: len(self.entries_titled(token, "Survived")) >= 3, "some arrived")
        self.process.kill()  # SIGKILL: no clean shutdown, a request likely half done
        self.process.wait()
        type(self).start()
        driver.get(self.url + "/account")  # a reload sends the rest (a page left open tries again every 15 s)
        self.wait_empty(180)
        self.check_each_once(token, "Survived", 20)
        checked = subprocess.run([str(BIN), "--store", self.store, "fsck"], capture_output=True, text=True, timeout=300)
        self.assertEqual(checked.returncode, 0, checked.stdout + checked.stderr)


if __name__ == "__main__":
    unittest.main()
