"""Browser tests of `keepsake serve` with Debian's chromium and chromium-driver, driven by Selenium.

One real server (the built `keepsake` binary) on a temporary store and an ephemeral port, one
headless Chromium. Each test uses the pages as a person would: it types, picks files, drags photos,
presses buttons, and checks what the pages show. A screenshot of each page goes to SCREENSHOTS.
"""
import base64
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.parse
import urllib.request
from datetime import date
from pathlib import Path

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))  # Tests/python, as run.sh finds run_tests.py
from suite_support import PageQueries, ServeProcess, headless_chromium  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("KEEPSAKE_BIN", REPO / ".build/debug/keepsake"))
CORPUS = Path(os.environ.get("KEEPSAKE_CORPUS", REPO.parent / "shared/corpus")).resolve()
SCREENSHOTS = Path(os.environ.get("KEEPSAKE_SCREENSHOTS", REPO / "test-artifacts/screenshots")).resolve()

WIDE = CORPUS / "jpeg/testorig.jpg"      # 227 x 149
TOUCAN = CORPUS / "png/toucan.png"       # 162 x 150
SQUARE = CORPUS / "webp/test.webp"       # 128 x 128
TINY = CORPUS / "png/basn2c08.png"       # 32 x 32
CORRUPT = CORPUS / "jpeg-corrupt/truncated_jpeg.jpg"
WAIT = 15


class KeepsakeServer(ServeProcess):
    """`keepsake --store DIR serve --port 0 --no-demo`, its address read from its output; its
    standard error in DIR-serve.log."""

    def __init__(self, store):
        self.store = store
        super().__init__([str(BIN), "--store", store, "serve", "--port", "0", "--no-demo"], open(store + "-serve.log", "w+"))

    def stop(self):
        """SIGTERM, then the exit status and all the output."""
        return super().stop(), "".join(self.output)


def keepsake(store, *arguments):
    """Runs the CLI on the same store; returns (status, stdout, stderr)."""
    done = subprocess.run([str(BIN), "--store", store, *arguments], capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


class WebAppTests(PageQueries, unittest.TestCase):
    """The web app in a real browser, one server and one browser for all tests."""

    @classmethod
    def setUpClass(cls):
        cls.workspace = tempfile.mkdtemp(prefix="keepsake-browser-")
        cls.store = os.path.join(cls.workspace, "store")
        cls.server = KeepsakeServer(cls.store)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for old in SCREENSHOTS.glob("*.png"):
            old.unlink()
        print("\nkeepsake serve at %s, store %s" % (cls.server.url, cls.store))
        print("screenshots: %s" % SCREENSHOTS)
        cls.driver = headless_chromium(browser_log=True)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()
        shutil.rmtree(cls.workspace, ignore_errors=True)

    # ---- helpers ----

    def go(self, path):
        self.driver.get(self.server.url + path)
        self.assert_no_console_errors(path)

    def wait_for(self, condition, message=""):
        # An element found on the page a click is leaving goes stale: asked again on the next poll.
        # Chromium says so in two ways: a stale-element error, or, when the node was found while the
        # old document was being replaced, an inspector error "Node with given id does not belong to
        # the document" (CI's run on 2026-12-07 failed on that one). Any other browser error is raised.
        def asked():
            try:
                return condition()
            except WebDriverException as error:
                if "does not belong to the document" in (error.msg or ""):
                    return False
                raise
        return WebDriverWait(self.driver, WAIT, ignored_exceptions=[StaleElementReferenceException]).until(lambda driver: asked(), message)

    def assert_no_console_errors(self, where):
        """No script error and no Content-Security-Policy violation in the console."""
        errors = [entry for entry in self.driver.get_log("browser")
                  if entry["level"] == "SEVERE" and "favicon" not in entry["message"]
                  and "status of 4" not in entry["message"]]
        self.assertEqual(errors, [], "console errors on %s" % where)

    def shot(self, name):
        """A screenshot of the whole page (beyond the window), through the DevTools protocol."""
        driver = self.driver
        driver.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.2)
        metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        width, height = int(size["width"]), min(int(size["height"]), 6000)
        picture = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
        (SCREENSHOTS / (name + ".png")).write_bytes(base64.b64decode(picture["data"]))

    def images_loaded(self, images):
        return all(self.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image)
                   for image in images)

    def photo_items(self):
        return self.all(".photo-list .photo")

    def photo_names(self):
        """The file names of the photos picked on a compose form, in their order."""
        return [item.find_element(By.TAG_NAME, "img").get_attribute("title") for item in self.photo_items()]

    def photo_keys(self):
        return [item.get_attribute("data-key") for item in self.photo_items()]

    def order_field(self):
        return self.one("input[name='order']").get_attribute("value").split(",")

    def submit(self):
        self.one("button[name='done']").click()

    def drag(self, source, target, steps=12):
        """Drags with the mouse in small steps (SortableJS runs in its pointer-event mode)."""
        dx = target.rect["x"] + target.rect["width"] / 2 - (source.rect["x"] + source.rect["width"] / 2)
        dy = target.rect["y"] + target.rect["height"] / 2 - (source.rect["y"] + source.rect["height"] / 2)
        actions = ActionChains(self.driver, duration=50)
        actions.move_to_element(source).click_and_hold().pause(0.3)
        moved_x = moved_y = 0
        for step in range(1, steps + 1):
            x, y = int(dx * step / steps) - moved_x, int(dy * step / steps) - moved_y
            moved_x, moved_y = moved_x + x, moved_y + y
            actions.move_by_offset(x, y).pause(0.05)
        actions.pause(0.3).release().perform()
        time.sleep(0.3)

    def session_cookie(self):
        return "; ".join("%s=%s" % (cookie["name"], cookie["value"]) for cookie in self.driver.get_cookies())

    def http(self, path, fields=None):
        """A request with the browser's session (and its form token for a POST), outside the browser."""
        headers = {"Cookie": self.session_cookie()}
        data = None
        if fields is not None:
            page = urllib.request.urlopen(urllib.request.Request(self.server.url + "/feed/new", headers=headers)).read().decode()
            token = re.search(r'name="_csrf" value="([0-9a-f]+)"', page).group(1)
            data = urllib.parse.urlencode([("_csrf", token)] + list(fields)).encode()

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None
        opener = urllib.request.build_opener(NoRedirect)
        try:
            response = opener.open(urllib.request.Request(self.server.url + path, data=data, headers=headers))
            return response.status, response.headers, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read().decode()

    def compose_diary(self, title, emotion="joy", photos=(), text="Written in the browser."):
        self.go("/diary/new")
        self.one("input[name='title']").send_keys(title)
        self.one("label.emo-%s" % emotion).click()
        self.one("textarea[name='text']").send_keys(text)
        if photos:
            self.one(".photo-picker").send_keys("\n".join(str(photo) for photo in photos))
            self.wait_for(lambda: len(self.photo_items()) == len(photos), "photos added")

    # ---- tests ----

    def test_10_diary_compose_with_three_photos_reorder_replace_remove(self):
        self.compose_diary("Picnic by the river", emotion="joy", text="Kimbap and sunshine.",
                           photos=[WIDE, TOUCAN, SQUARE])
        self.one("input[name='intensity'][value='4']").click()
        self.one("input[name='tags']").send_keys("picnic, friends")
        self.assertEqual(self.photo_names(), ["testorig.jpg", "toucan.png", "test.webp"])
        self.assertEqual(self.one(".photo-count").text, "3 / 10")
        self.assertTrue(self.images_loaded(self.all(".photo-list img")), "previews shown")

        # Drag the third photo to the front.
        items = self.photo_items()
        self.drag(items[2].find_element(By.TAG_NAME, "img"), items[0].find_element(By.TAG_NAME, "img"))
        if self.photo_names() != ["test.webp", "testorig.jpg", "toucan.png"]:
            # The keyboard fallback: "move earlier" on the WebP photo until it is first.
            print("  (the drag did not reorder; using the ↑ buttons)")
            while self.photo_names()[0] != "test.webp":
                item = [i for i in self.photo_items() if i.find_element(By.TAG_NAME, "img").get_attribute("title") == "test.webp"][0]
                item.find_element(By.CSS_SELECTOR, ".move-up").send_keys(Keys.ENTER)
        else:
            print("  (reordered by dragging)")
        self.assertEqual(self.photo_names(), ["test.webp", "testorig.jpg", "toucan.png"])
        self.assertEqual(self.order_field(), self.photo_keys())
        self.assertEqual([n.text for n in self.all(".photo-list .photo-number")], ["1", "2", "3"])

        # Replace the second photo (the JPEG) with the tiny PNG, remove the toucan.
        self.photo_items()[1].find_element(By.CSS_SELECTOR, ".replace-input").send_keys(str(TINY))
        self.wait_for(lambda: self.photo_names()[1] == "basn2c08.png", "replaced")
        self.photo_items()[2].find_element(By.CSS_SELECTOR, ".remove-new").click()
        self.assertEqual(self.photo_names(), ["test.webp", "basn2c08.png"])
        self.assertEqual(self.one(".photo-count").text, "2 / 10")
        self.assertEqual(len(self.order_field()), 2)
        self.shot("02-diary-compose")

        self.submit()
        self.wait_for(lambda: re.fullmatch(r"/diary/[0-9a-f-]{36}", self.path()), "entry page")
        self.assert_no_console_errors("entry page")
        self.assertEqual(self.one("h1").text, "Picnic by the river")
        figures = self.all("figure.photo-large")
        self.assertEqual([f.get_attribute("data-width") for f in figures], ["128", "32"])
        large = self.all("figure.photo-large img")
        self.assertTrue(all(img.get_attribute("src").endswith("/1024") for img in large))
        self.assertTrue(self.images_loaded(large))
        self.shot("03-diary-entry")
        entry_path = self.path()

        # The timeline shows the entry with small thumbnails, in order, never originals.
        self.go("/diary")
        card = [c for c in self.all("li.entry") if "Picnic by the river" in c.text][0]
        thumbs = card.find_elements(By.CSS_SELECTOR, ".thumbs img")
        self.assertEqual(len(thumbs), 2)
        self.assertTrue(all(t.get_attribute("src").endswith("/256") for t in thumbs))
        self.assertTrue(self.images_loaded(thumbs))
        self.assertEqual([self.driver.execute_script("return arguments[0].naturalWidth", t) for t in thumbs], [128, 32])

        # Edit: swap the two stored photos with the keyboard (↑ on the second), then save.
        self.go(entry_path + "/edit")
        keys = self.photo_keys()
        self.assertEqual(len(keys), 2)
        self.photo_items()[1].find_element(By.CSS_SELECTOR, ".move-up").send_keys(Keys.ENTER)
        self.assertEqual(self.photo_keys(), [keys[1], keys[0]])
        self.assertEqual(self.order_field(), [keys[1], keys[0]])
        # Replace the stored WebP with the toucan, add the wide JPEG, remove the tiny PNG.
        self.photo_items()[1].find_element(By.CSS_SELECTOR, ".replace-input").send_keys(str(TOUCAN))
        self.wait_for(lambda: "replaced" in self.photo_items()[1].get_attribute("class"), "replacement previewed")
        self.one(".photo-picker").send_keys(str(WIDE))
        self.wait_for(lambda: len(self.photo_items()) == 3, "photo added")
        self.photo_items()[0].find_element(By.CSS_SELECTOR, ".remove-check").click()
        self.assertEqual(self.order_field(), [keys[0], self.photo_keys()[2]])
        self.assertEqual(self.one(".photo-count").text, "2 / 10")
        self.shot("04-diary-edit")
        self.submit()
        self.wait_for(lambda: self.path() == entry_path, "entry page after edit")
        self.assertEqual([f.get_attribute("data-width") for f in self.all("figure.photo-large")], ["162", "227"])

    def test_20_a_script_typed_into_a_title_shows_as_text(self):
        title = "<script>window.__owned = 1</script><img src=x onerror=\"window.__owned = 2\">"
        self.compose_diary(title, emotion="fear", text="<b>not bold</b>")
        self.submit()
        self.wait_for(lambda: re.fullmatch(r"/diary/[0-9a-f-]{36}", self.path()), "entry page")
        self.assertEqual(self.one("h1").text, title)
        self.assertIn("<b>not bold</b>", self.one(".entry-text").text)
        self.assertIsNone(self.driver.execute_script("return window.__owned"))
        self.go("/diary")
        self.assertTrue(any(title in c.text for c in self.all("li.entry h2")))
        self.assertIsNone(self.driver.execute_script("return window.__owned"))

    def test_30_a_corrupt_photo_shows_the_error_and_leaves_nothing_behind(self):
        self.compose_diary("Broken photo", emotion="sadness", photos=[WIDE, CORRUPT])
        self.submit()
        alert = self.wait_for(lambda: self.all(".error[role='alert']"), "error shown")[0]
        self.assertTrue(alert.text.strip())
        self.assertIn("not saved", self.one(".photos .notice").text)
        self.assertEqual(self.one("input[name='title']").get_attribute("value"), "Broken photo")
        self.shot("05-diary-compose-error")
        self.go("/diary/search?q=Broken")
        self.assertEqual(self.all("li.entry"), [])
        status, output, errors = keepsake(self.store, "fsck")
        self.assertEqual(status, 0, output + errors)
        self.assertIn("Clean", output)

    def test_40_ledger_transaction_with_receipt_in_total_and_chart(self):
        self.go("/ledger/new")
        self.one("input[name='kind'][value='expense']").click()
        self.one("input[name='amount']").send_keys("12000")
        Select(self.one("select[name='currency']")).select_by_value("KRW")
        self.one("input[name='category']").send_keys("식비")
        self.one("textarea[name='memo']").send_keys("김밥 lunch")
        self.one("input[name='receipt']").send_keys(str(WIDE))
        self.wait_for(lambda: self.one("#receipt-preview").is_displayed(), "receipt preview")
        self.shot("06-ledger-add")
        self.submit()
        month = date.today().strftime("%Y-%m")
        self.wait_for(lambda: self.path() == "/ledger", "month page")
        self.assertIn("month=" + month, self.driver.current_url)

        self.go("/ledger/new")
        self.one("input[name='amount']").send_keys("3500")
        Select(self.one("select[name='currency']")).select_by_value("KRW")
        self.one("input[name='category']").send_keys("교통")
        self.submit()
        self.wait_for(lambda: self.path() == "/ledger", "month page")
        self.assert_no_console_errors("ledger")

        row = self.one("table.totals tr[data-currency='KRW']")
        self.assertEqual(row.find_element(By.CSS_SELECTOR, "td.expense").text, "15,500 KRW")
        canvas = self.wait_for(lambda: self.all(".category-chart[data-currency='KRW'] canvas[data-rendered='true']"), "chart drawn")[0]
        chart = self.driver.execute_script(
            "var c = Chart.getChart(arguments[0]); return [c.data.labels, c.data.datasets[0].data];", canvas)
        self.assertEqual(dict(zip(chart[0], chart[1])), {"식비": 12000, "교통": 3500})
        receipts = self.all("tr.transaction img.receipt")
        self.assertEqual(len(receipts), 1)
        self.assertTrue(receipts[0].get_attribute("src").endswith("/256"))
        self.assertTrue(self.images_loaded(receipts))
        self.shot("07-ledger-month")

        # CSV: import two rows (one already there by id, so it is skipped), see the report.
        status, _, csv = self.http("/ledger/export.csv")
        self.assertEqual(status, 200)
        self.assertTrue(csv.startswith("id,date,kind,amount,currency,category,memo,splits\r\n"))
        existing = csv.splitlines()[1]
        path = os.path.join(self.workspace, "import.csv")
        with open(path, "w", encoding="utf-8") as file:
            file.write("id,date,kind,amount,currency,category,memo,splits\r\n%s\r\n,%s,income,250.00,USD,Salary,Imported,\r\n"
                       % (existing, date.today().isoformat()))
        self.go("/ledger/import")
        self.one("input[name='csv']").send_keys(path)
        self.one("form[action='/ledger/import'] button[type='submit']").click()
        report = self.wait_for(lambda: self.all(".import-report"), "import report")[0]
        self.assertIn("Imported 1 transactions; 1 were already there", report.text)
        self.shot("08-ledger-import")
        self.go("/ledger")
        self.assertEqual(self.one("table.totals tr[data-currency='USD'] td.income").text, "250.00 USD")

    def test_45_a_budget_month(self):
        """A budget month: budgets set through the month page's form (one with carry-over), spent
        against them and what is left (over budget in red), a budget with more decimals than the
        won has refused with the reason, the next month carrying the overspend over, at a phone's
        width too. The month holds test_40's transactions: 식비 12,000 KRW and 교통 3,500 KRW."""
        today = date.today()
        month = today.strftime("%Y-%m")
        following = "%04d-%02d" % ((today.year + 1, 1) if today.month == 12 else (today.year, today.month + 1))

        def set_budget(category, amount, carry_over=False, open_form=True):
            if open_form:
                self.one("details.budget-form summary").click()
            form = self.one("form[action='/ledger/budgets']")
            field = self.one("input[name='category']", form)
            field.clear()
            field.send_keys(category)
            field = self.one("input[name='amount']", form)
            field.clear()
            field.send_keys(amount)
            Select(self.one("select[name='currency']", form)).select_by_value("KRW")
            if carry_over != self.one("input[name='carryOver']", form).is_selected():
                self.one("input[name='carryOver']", form).click()
            self.one("button[type='submit']", form).click()

        self.go("/ledger?month=" + month)
        self.assertEqual(self.all("tr.budget-line"), [], "no budgets yet")
        set_budget("식비", "10000", carry_over=True)
        self.wait_for(lambda: self.all("tr.budget-line[data-category='식비']"), "the 식비 budget")
        set_budget("교통", "5000")
        self.wait_for(lambda: self.all("tr.budget-line[data-category='교통']"), "the 교통 budget")
        self.assert_no_console_errors("budgets")

        food = self.one("tr.budget-line[data-category='식비']")
        self.assertIn("over", food.get_attribute("class").split())
        self.assertEqual(self.one("td.budget", food).text, "10,000 KRW")
        self.assertEqual(self.one("td.spent", food).text, "12,000 KRW")
        self.assertEqual(self.one("td.left", food).text, "over by 2,000 KRW")
        self.assertNotEqual(self.one("td.left", food).value_of_css_property("color"),
                            self.one("td.budget", food).value_of_css_property("color"), "over budget is coloured")
        transport = self.one("tr.budget-line[data-category='교통']")
        self.assertNotIn("over", transport.get_attribute("class").split())
        self.assertEqual(self.one("td.left", transport).text, "1,500 KRW")
        self.shot("40-ledger-budgets")

        # More decimals than the won has: the reason, the form as typed, nothing changed.
        set_budget("식비", "10.5")
        alert = self.wait_for(lambda: self.all("section.budgets [role='alert']"), "the refusal")[0]
        self.assertIn("whole numbers", alert.text)
        self.assertEqual(self.one("form[action='/ledger/budgets'] input[name='amount']").get_attribute("value"), "10.5")
        self.assertEqual(self.one("tr.budget-line[data-category='식비'] td.budget").text, "10,000 KRW")

        # The next month: 식비's overspend carries over, 교통's rest does not.
        self.go("/ledger?month=" + following)
        food = self.one("tr.budget-line[data-category='식비']")
        self.assertEqual(self.one("td.carried", food).text, "-2,000 KRW")
        self.assertEqual(self.one("td.left", food).text, "8,000 KRW")
        transport = self.one("tr.budget-line[data-category='교통']")
        self.assertEqual(self.one("td.carried", transport).text, "0 KRW")

        # At a phone's width the page does not scroll sideways (the table scrolls in its box).
        self.driver.set_window_size(390, 844)
        try:
            self.go("/ledger?month=" + month)
            self.one("details.budget-form summary").click()
            overflow = self.driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            wide = self.driver.execute_script(
                "return Array.from(document.querySelectorAll('main *')).filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)"
                ".map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).slice(0, 8)")
            self.assertLessEqual(overflow, 0, "the month page scrolls sideways at 390 px: %s" % wide)
            self.assertTrue(self.one("form[action='/ledger/budgets'] button[type='submit']").is_displayed())
            self.shot("41-ledger-budgets-phone")
        finally:
            self.driver.set_window_size(1280, 1000)

    def test_45_a_transfer(self):
        month = date.today().strftime("%Y-%m")
        self.go("/ledger?month=" + month)
        totals_before = [row.text for row in self.all("table.totals tr")]
        self.go("/ledger/accounts")
        for name, kind, opening in (("Shinhan", "bank", "100000"), ("Wallet", "cash", "0")):
            form = self.one("form[action='/ledger/accounts']")
            form.find_element(By.CSS_SELECTOR, "input[name='name']").send_keys(name)
            Select(form.find_element(By.CSS_SELECTOR, "select[name='kind']")).select_by_value(kind)
            Select(form.find_element(By.CSS_SELECTOR, "select[name='currency']")).select_by_value("KRW")
            opening_field = form.find_element(By.CSS_SELECTOR, "input[name='opening']")
            opening_field.clear()
            opening_field.send_keys(opening)
            form.find_element(By.CSS_SELECTOR, "button[type='submit']").click()
            self.wait_for(lambda: name in self.one("table.accounts").text, "account " + name)
        # The same account on both sides: refused with the reason, nothing moved.
        form = self.one("form[action='/ledger/transfers']")
        Select(form.find_element(By.CSS_SELECTOR, "select[name='from']")).select_by_visible_text("Shinhan (KRW)")
        Select(form.find_element(By.CSS_SELECTOR, "select[name='to']")).select_by_visible_text("Shinhan (KRW)")
        form.find_element(By.CSS_SELECTOR, "input[name='amount']").send_keys("1000")
        form.find_element(By.CSS_SELECTOR, "button[type='submit']").click()
        self.wait_for(lambda: "same account" in self.driver.page_source, "the refusal")
        form = self.one("form[action='/ledger/transfers']")
        Select(form.find_element(By.CSS_SELECTOR, "select[name='from']")).select_by_visible_text("Shinhan (KRW)")
        Select(form.find_element(By.CSS_SELECTOR, "select[name='to']")).select_by_visible_text("Wallet (KRW)")
        form.find_element(By.CSS_SELECTOR, "input[name='amount']").send_keys("30000")
        form.find_element(By.CSS_SELECTOR, "input[name='memo']").send_keys("ATM")
        self.shot("08-ledger-transfer")
        form.find_element(By.CSS_SELECTOR, "button[type='submit']").click()
        self.wait_for(lambda: self.path() == "/ledger/accounts" and "70,000 KRW" in self.one("table.accounts").text, "balances after the transfer")
        self.assert_no_console_errors("accounts")
        self.go("/ledger?month=" + month)
        rows = {row.find_element(By.CSS_SELECTOR, "th").text: row.find_element(By.CSS_SELECTOR, "td.balance").text
                for row in self.all("tr.money-account")}
        self.assertEqual(rows.get("Shinhan"), "70,000 KRW")
        self.assertEqual(rows.get("Wallet"), "30,000 KRW")
        self.assertIn("ATM", self.one("table.transfers").text)
        self.assertEqual([row.text for row in self.all("table.totals tr")], totals_before, "a transfer is neither income nor expense")
        self.driver.set_window_size(390, 844)
        self.go("/ledger/accounts")
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 390, "fits a phone")
        self.shot("08-ledger-accounts-phone")
        self.driver.set_window_size(1280, 1000)

    def test_50_feed_post_with_photos_and_paging(self):
        self.go("/feed/new")
        self.one(".photo-picker").send_keys("\n".join([str(SQUARE), str(WIDE)]))
        self.wait_for(lambda: len(self.photo_items()) == 2, "photos added")
        self.one("input[name='title']").send_keys("Ramen at Menya")
        self.one("textarea[name='contents']").send_keys("Rich broth, thin noodles.")
        self.shot("09-feed-compose")
        self.submit()
        self.wait_for(lambda: re.fullmatch(r"/feed/[0-9a-f-]{36}", self.path()), "post page")
        self.assertEqual([f.get_attribute("data-width") for f in self.all("figure.photo-large")], ["128", "227"])
        self.assertTrue(self.images_loaded(self.all("figure.photo-large img")))
        self.shot("10-feed-post")

        for number in range(1, 12):
            status, _, _ = self.http("/feed/new", [("title", "Bulk post %02d" % number), ("contents", "Post number %d" % number)])
            self.assertEqual(status, 303)
        self.go("/feed")
        titles = [h.text for h in self.all("li.post h2")]
        self.assertEqual(len(titles), 10)
        self.assertEqual(titles[0], "Bulk post 11")
        thumbs = self.all("li.post .thumbs img")
        self.shot("11-feed")
        self.one("a[rel='next']").click()
        self.wait_for(lambda: "after=" in self.driver.current_url, "second page")
        page_two = [h.text for h in self.all("li.post h2")]
        self.assertEqual(page_two[-1], "Ramen at Menya")
        seen = titles + page_two
        self.assertEqual(len(seen), len(set(seen)), "no post twice")
        self.assertEqual(seen[:11], ["Bulk post %02d" % n for n in range(11, 0, -1)])
        thumbs = self.all("li.post .thumbs img")
        self.assertEqual(len(thumbs), 2)
        self.assertTrue(all(t.get_attribute("src").endswith("/256") for t in thumbs))
        self.assertTrue(self.images_loaded(thumbs))
        self.shot("12-feed-page-2")

    def test_60_delete_and_restore(self):
        status, headers, _ = self.http("/feed/new", [("title", "Delete me"), ("contents", "Soon in the trash.")])
        self.assertEqual(status, 303)
        post_path = headers["Location"]
        self.go(post_path)
        self.one("form[action$='/delete'] button").click()
        self.wait_for(lambda: self.path() == "/feed", "feed after delete")
        self.assertIn("deleted=", self.driver.current_url)
        self.assertNotIn("Delete me", [h.text for h in self.all("li.post h2")])
        self.go("/feed/trash")
        self.assertIn("Delete me", [h.text for h in self.all("li.post h2")])
        self.shot("13-feed-trash")
        self.driver.back()
        self.one(".banner form button").click()  # Undo
        self.wait_for(lambda: self.path() == post_path, "post restored")
        self.assertEqual(self.one("h1").text, "Delete me")

        self.compose_diary("A day to forget", emotion="tiredness")
        self.submit()
        self.wait_for(lambda: re.fullmatch(r"/diary/[0-9a-f-]{36}", self.path()), "entry page")
        entry_path = self.path()
        self.one("form[action$='/delete'] button").click()
        self.wait_for(lambda: self.path() == "/diary", "timeline after delete")
        self.assertTrue(self.one(".banner").is_displayed())
        self.go("/diary/trash")
        card = [c for c in self.all("li.entry") if "A day to forget" in c.text][0]
        self.shot("14-diary-trash")
        card.find_element(By.CSS_SELECTOR, "form[action$='/restore'] button").click()
        self.wait_for(lambda: self.path() == entry_path, "entry restored")
        self.assertTrue(self.all("form[action$='/delete']"), "live again")

    def test_70_calendar_chart_search_and_store_pages(self):
        self.compose_diary("Calendar day", emotion="love")
        self.submit()
        self.wait_for(lambda: re.fullmatch(r"/diary/[0-9a-f-]{36}", self.path()), "entry page")
        self.go("/diary")
        self.shot("01-diary-timeline")
        self.go("/diary/calendar")
        self.assertTrue(self.all("table.calendar td.has-entries"), "a coloured day")
        self.shot("15-diary-calendar")
        self.go("/diary/chart")
        self.wait_for(lambda: self.all("#month-chart[data-rendered='true']"), "month chart drawn")
        self.wait_for(lambda: self.all("#year-chart[data-rendered='true']"), "year chart drawn")
        self.shot("16-diary-chart")
        self.go("/diary")
        self.one("input[name='q']").send_keys("picnic")
        self.one("form.search button").click()
        self.wait_for(lambda: self.path() == "/diary/search", "search results")
        self.assertTrue(any("Picnic" in h.text for h in self.all("li.entry h2")) or not self.all("li.entry"))
        self.shot("17-diary-search")
        self.go("/store")
        self.one("form.check-form button").click()
        verdict = self.wait_for(lambda: self.all(".fsck-verdict"), "check result")[0]
        self.assertEqual(verdict.get_attribute("data-clean"), "true")
        self.shot("18-store")

    def test_72_a_year_in_pixels_and_on_this_day(self):
        today = date.today()
        try:
            last_year = today.replace(year=today.year - 1)
        except ValueError:  # 29 February: last year's 28th comes back on it only in common years
            last_year = today.replace(year=today.year - 1, day=28)
        for emotion, intensity, text, at in [("anger", "5", "Pixel anger", "2025-06-14T10:00"), ("calm", "1", "Pixel calm", "2025-06-15T10:00"),
                                             ("joy", "4", "Remembered a year on", last_year.isoformat() + "T12:00")]:
            status, output, errors = keepsake(self.store, "diary", "add", "--emotion", emotion, "--intensity", intensity, "--text", text, "--at", at)
            self.assertEqual(status, 0, output + errors)

        self.go("/diary/year?year=2025")
        anger = self.one("table.pixels td.has-entries.emo-anger.s5")
        calm = self.one("table.pixels td.has-entries.emo-calm.s1")
        colour = lambda cell: self.driver.execute_script("return getComputedStyle(arguments[0]).backgroundColor", cell)
        self.assertEqual(colour(anger), "rgb(214, 40, 40)", "a strong day in its emotion's full colour")
        faint = colour(calm)
        self.assertNotIn(faint, ("rgb(144, 190, 109)", "rgba(0, 0, 0, 0)", "rgb(255, 255, 255)"), "a faint day lighter than the full colour")
        blank = self.all("table.pixels tbody tr:nth-child(3) td:not(.none)")[0]
        self.assertNotEqual(colour(blank), colour(anger), "a day without entries stays blank")
        self.shot("19-diary-year-in-pixels")
        self.assert_no_console_errors("year in pixels")
        self.one("table.pixels td.emo-anger a").click()
        self.wait_for(lambda: self.path() == "/diary" and "day=2025-06-14" in self.driver.current_url, "the day opened")
        self.assertIn("Pixel anger", self.driver.page_source)
        self.assertNotIn("Pixel calm", self.driver.page_source)

        # On a phone the grid scrolls inside its box; the page itself does not get wider.
        self.driver.set_window_size(390, 844)
        try:
            self.go("/diary/year?year=2025")
            overflow = self.driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            self.assertLessEqual(overflow, 0, "the page is no wider than the phone")
            self.shot("20-diary-year-in-pixels-phone")
        finally:
            self.driver.set_window_size(1280, 1000)

        self.go("/diary")
        band = self.one("aside.on-this-day")
        self.assertIn("Remembered a year on", band.text)
        self.assertIn("1 year ago", band.text)
        band.find_element(By.LINK_TEXT, "See all").click()
        self.wait_for(lambda: self.path() == "/diary/on-this-day", "the on-this-day page")
        self.assertIn("Remembered a year on", self.driver.page_source)
        self.assert_no_console_errors("on this day")

    def test_80_korean_and_back(self):
        self.go("/diary")
        self.one("a.lang").click()
        self.wait_for(lambda: self.driver.execute_script("return document.documentElement.lang") == "ko", "Korean")
        self.assertIn("일기", self.one("nav").text)
        self.assertIn("새 일기", self.driver.page_source)
        self.shot("19-diary-korean")
        self.go("/ledger")
        self.assertIn("가계부", self.one("h1").text)
        self.one("a.lang").click()
        self.wait_for(lambda: self.driver.execute_script("return document.documentElement.lang") == "en", "English again")

    def test_85_a_post_made_with_the_cli_appears_in_the_open_page(self):
        self.go("/feed")
        status, output, errors = keepsake(self.store, "feed", "post", "--title", "Posted from the CLI", "--image", str(TOUCAN))
        self.assertEqual(status, 0, output + errors)
        # The page polls /changes and reloads itself.
        self.wait_for(lambda: "Posted from the CLI" in self.driver.page_source, "the page reloaded with the new post")
        self.assert_no_console_errors("feed after reload")

    def test_90_the_login_page_when_a_password_is_set(self):
        store = os.path.join(self.workspace, "locked")
        process = subprocess.Popen([str(BIN), "--store", store, "serve", "--host", "127.0.0.2", "--port", "0", "--no-demo",
                                    "--password", "open sesame"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url = None
            for _ in range(20):
                line = process.stdout.readline()
                match = re.search(r"Open (http://[0-9.]+:[0-9]+)/", line)
                if match:
                    url = match.group(1)
                    break
            self.assertIsNotNone(url)
            self.driver.get(url + "/diary")
            self.assertIn("password", self.one("input[type='password']").get_attribute("name"))
            # --password is the first admin's: the login name is admin (the page's hint says so).
            self.assertIn("admin", self.one(".login .hint").text)
            self.shot("20-login")
            self.one("input[name='login']").send_keys("admin")
            self.one("input[type='password']").send_keys("wrong")
            self.one("form[action='/login'] button").click()
            self.wait_for(lambda: self.all(".error"), "wrong password")
            self.assertEqual(self.one("input[name='login']").get_attribute("value"), "admin", "the name is kept")
            self.one("input[type='password']").send_keys("open sesame")
            self.one("form[action='/login'] button").click()
            # The login page is shown at /diary itself: wait for the page that follows it.
            self.wait_for(lambda: urllib.parse.urlsplit(self.driver.current_url).path == "/diary"
                          and not self.all("form[action='/login']") and self.all("header .who"), "in")
            self.assertIn("Diary", self.one("h1").text)
            self.assertEqual(self.one("header .who").text, "Admin", "the header shows who is logged in")
            cookie = [c for c in self.driver.get_cookies() if c["name"] == "keepsake_session"][0]
            self.assertTrue(cookie["httpOnly"])
            self.assertEqual(cookie["sameSite"], "Strict")
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)

    def test_95_admin_adds_an_account_and_an_owner_shares_a_ledger_book(self):
        store = os.path.join(self.workspace, "shared")
        process = subprocess.Popen([str(BIN), "--store", store, "serve", "--host", "127.0.0.3", "--port", "0", "--no-demo",
                                    "--password", "admin's long password"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url = None
            for _ in range(20):
                match = re.search(r"Open (http://[0-9.]+:[0-9]+)/", process.stdout.readline())
                if match:
                    url = match.group(1)
                    break
            self.assertIsNotNone(url)

            def log_in(login, password):
                self.driver.get(url + "/books")
                self.one("input[name='login']").send_keys(login)
                self.one("input[type='password']").send_keys(password)
                self.one("form[action='/login'] button").click()
                # The login page is shown at /books itself: wait for the page that follows it.
                self.wait_for(lambda: urllib.parse.urlsplit(self.driver.current_url).path == "/books"
                              and not self.all("form[action='/login']") and self.all("header .who"), "logged in as " + login)

            log_in("admin", "admin's long password")
            # The admin adds Mina on the People page.
            self.one("header a.people-link").click()
            self.wait_for(lambda: urllib.parse.urlsplit(self.driver.current_url).path == "/people", "people page")
            form = self.one("form.add-account")
            self.one("input[name='login']", form).send_keys("mina")
            self.one("input[name='displayName']", form).send_keys("Mina")
            self.one("input[name='password']", form).send_keys("mina's long password")
            self.one("button[type='submit']", form).click()
            self.wait_for(lambda: self.all("tr[data-login='mina']"), "Mina is listed")
            self.assertIn("added", self.one("p.ok").text)
            self.shot("30-people")
            self.assert_no_console_errors("people page")

            # The admin makes a ledger book and shares it with Mina as a viewer.
            self.one("header a.books-link").click()
            self.wait_for(lambda: self.all("form.create-book"), "books page")
            create = self.one("form.create-book")
            Select(self.one("select[name='collection']", create)).select_by_value("ledger")
            self.one("input[name='name']", create).send_keys("Household")
            self.one("button[type='submit']", create).click()
            self.wait_for(lambda: self.all("section.book[data-role='owner']"), "the new book")
            book = self.one("section[data-collection='ledger'] section.book")
            self.assertEqual(self.one(".book-name", book).text, "Household")
            share = self.one("form.share-form", book)
            self.one("input[name='login']", share).send_keys("mina")
            Select(self.one("select[name='role']", share)).select_by_value("viewer")
            self.one("button[type='submit']", share).click()
            self.wait_for(lambda: self.all("section.book tr[data-login='mina'][data-role='viewer']"), "Mina is a viewer")
            self.shot("31-books-owner")
            self.assert_no_console_errors("books page")

            # Mina logs in and finds the book on her Books page, as a viewer, without the owner's forms.
            self.one("form[action='/logout'] button").click()
            self.wait_for(lambda: urllib.parse.urlsplit(self.driver.current_url).path == "/login", "logged out")
            log_in("mina", "mina's long password")
            self.assertEqual(self.one("header .who").text, "Mina")
            book = self.one("section[data-collection='ledger'] section.book")
            self.assertEqual(self.one(".book-name", book).text, "Household")
            self.assertEqual(book.get_attribute("data-role"), "viewer")
            self.assertEqual(self.all("form.share-form", book), [], "a viewer cannot share")
            self.assertEqual(self.all("header a.people-link"), [], "Mina is no admin")
            self.shot("32-books-viewer")
            self.driver.get(url + "/people")
            self.assertIn("Not found", self.one("h1").text)
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)

    def test_99_clean_stop_and_a_clean_store(self):
        status, output = self.server.stop()
        self.assertEqual(status, 0, output)
        self.assertIn("Stopped.", output)
        status, output, errors = keepsake(self.store, "fsck")
        self.assertEqual(status, 0, output + errors)
        self.assertIn("Clean", output)
        self.assertFalse(any(Path(self.store, "web-uploads").glob("*/http-upload-*")), "no upload left behind")


if __name__ == "__main__":
    unittest.main()
