"""Two people in two browsers on two servers of one store (issue 22's browser proof).

Two `keepsake serve` processes share one store; nginx balances a second address over both. Ana, in
one Chromium on the first server, makes a "Household" ledger book and shares it with Ben as an
editor, then enters a transaction in it. Ben, in a second Chromium (its own profile and cookies)
through nginx, so each of his requests may reach either server, sees it (with "Entered by Ana"),
and enters one of his own in the same book; Ana sees it named as his. Ana removes Ben from the
book; Ben's next page load no longer shows either transaction, and the address of one is not found;
Ana keeps both, Ben's now by "a former member".
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))  # Tests/python, as run.sh finds run_tests.py
from suite_support import PageQueries, RoundRobinNginx, headless_chromium  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("KEEPSAKE_BIN", REPO / ".build/debug/keepsake"))
SCREENSHOTS = Path(os.environ.get("KEEPSAKE_SCREENSHOTS", REPO / "test-artifacts/screenshots")).resolve()
WAIT = 15
PASSWORDS = {"admin": "admin's long password", "ana": "ana's long password", "ben": "ben's long password"}


def serve(store, host):
    """`keepsake --store STORE serve --host HOST --port 0 --password P`: the process and its address."""
    process = subprocess.Popen([str(BIN), "--store", store, "serve", "--host", host, "--port", "0", "--no-demo",
                                "--password", PASSWORDS["admin"]], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for _ in range(40):
        match = re.search(r"Open (http://([0-9.]+):([0-9]+))/", process.stdout.readline())
        if match:
            return process, match.group(1), int(match.group(3))
    process.kill()
    raise RuntimeError("keepsake serve on %s did not start" % host)


def nginx(folder, upstreams):
    """nginx on a free port of 127.0.0.1, round robin over `upstreams` ((host, port) pairs), writing
    in `folder`: a RoundRobinNginx (its `url`, `stop()`), once it listens."""
    proxy = RoundRobinNginx(folder, upstreams, worker_connections=64)
    if not proxy.listening(10):
        raise RuntimeError("nginx did not start")
    return proxy


class Person(PageQueries):
    """One person in their own browser (headless Chromium at 1280 x 1000), at one address."""

    def __init__(self, login, url):
        self.login, self.url, self.driver = login, url, headless_chromium()

    def wait_for(self, condition, message):
        return WebDriverWait(self.driver, WAIT).until(lambda _: condition(), "%s: %s" % (self.login, message))

    def go(self, path):
        self.driver.get(self.url + path)

    def log_in(self):
        self.go("/books")
        self.one("input[name='login']").send_keys(self.login)
        self.one("input[type='password']").send_keys(PASSWORDS[self.login])
        self.one("form[action='/login'] button").click()
        # The login page is shown at /books itself: wait for the page that follows it.
        self.wait_for(lambda: self.path() == "/books" and not self.all("form[action='/login']") and self.all("header .who"), "logged in")

    def add_transaction(self, book, memo, amount):
        self.go("/ledger/new")
        Select(self.one("select[name='book']")).select_by_visible_text(book)
        self.one("input[name='kind'][value='expense']").click()
        self.one("input[name='amount']").send_keys(amount)
        Select(self.one("select[name='currency']")).select_by_value("KRW")
        self.one("input[name='category']").send_keys("Home")
        self.one("textarea[name='memo']").send_keys(memo)
        self.one("button[name='done']").click()
        self.wait_for(lambda: self.path() == "/ledger" and memo in self.driver.page_source, "the month page shows " + memo)

    def ledger_rows(self):
        """{memo: the "Entered by" cell's text ("" for one's own or without the column)} of the month page."""
        self.go("/ledger?book=all")
        rows = {}
        for row in self.all("tr.transaction"):
            cells = self.all("td.author", row)
            rows[self.one("td.memo", row).text] = cells[0].text if cells else ""
        return rows

    def shot(self, name):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(SCREENSHOTS / (name + ".png")))

    def quit(self):
        self.driver.quit()


class TwoPeopleTests(unittest.TestCase):
    def test_a_shared_ledger_across_two_servers_and_nginx_is_lost_at_once_when_the_member_is_removed(self):
        workspace = tempfile.mkdtemp(prefix="keepsake-two-people-")
        store = os.path.join(workspace, "store")
        processes, people, proxy = [], [], None
        try:
            first, first_url, first_port = serve(store, "127.0.0.6")
            processes.append(first)
            second, _, second_port = serve(store, "127.0.0.7")
            processes.append(second)
            for login in ["ana", "ben"]:
                done = subprocess.run([str(BIN), "--store", store, "user", "add", login, "--display-name", login.capitalize(),
                                       "--password-stdin"], input=PASSWORDS[login], capture_output=True, text=True, timeout=120)
                self.assertEqual(done.returncode, 0, done.stderr)
            folder = os.path.join(workspace, "nginx")
            os.makedirs(folder)
            proxy = nginx(folder, [("127.0.0.6", first_port), ("127.0.0.7", second_port)])

            ana, ben = Person("ana", first_url), Person("ben", proxy.url)
            people += [ana, ben]
            ana.log_in()
            create = ana.one("form.create-book")
            Select(ana.one("select[name='collection']", create)).select_by_value("ledger")
            ana.one("input[name='name']", create).send_keys("Household")
            ana.one("button[type='submit']", create).click()
            ana.wait_for(lambda: ana.all("section[data-collection='ledger'] section.book"), "the new book")
            book = ana.one("section[data-collection='ledger'] section.book")
            share = ana.one("form.share-form", book)
            ana.one("input[name='login']", share).send_keys("ben")
            Select(ana.one("select[name='role']", share)).select_by_value("editor")
            ana.one("button[type='submit']", share).click()
            ana.wait_for(lambda: ana.all("section.book tr[data-login='ben'][data-role='editor']"), "Ben is an editor")
            ana.add_transaction("Household", "AnasRent", "500000")

            # Ben, through nginx (either server), sees Ana's transaction with her name, and adds his own.
            ben.log_in()
            self.assertEqual(ben.ledger_rows(), {"AnasRent": "Ana"})
            ben.add_transaction("Household", "BensGroceries", "38000")
            ben.shot("40-two-people-ben")
            self.assertEqual(ana.ledger_rows(), {"AnasRent": "", "BensGroceries": "Ben"})
            ana.shot("41-two-people-ana")
            upstreams = open(os.path.join(folder, "access.log")).read()
            self.assertIn("/ledger", upstreams, "Ben's pages went through nginx")

            # Ana removes Ben from the book: his next page has neither, and its address is not found.
            groceries = [row.get_attribute("data-id") for row in ana.all("tr.transaction") if "BensGroceries" in row.text][0]
            ana.go("/books")
            ana.one("section.book tr[data-login='ben'] form.remove-form button").click()
            ana.wait_for(lambda: not ana.all("section.book tr[data-login='ben']"), "Ben is no longer listed")
            self.assertEqual(ben.ledger_rows(), {})
            ben.go("/ledger/%s/edit" % groceries)
            self.assertIn("Not found", ben.one("h1").text)
            self.assertEqual(ana.ledger_rows(), {"AnasRent": "", "BensGroceries": "a former member"},
                             "Ana keeps both; Ben, no longer in the book, is not named")
        finally:
            for person in people:
                person.quit()
            if proxy:
                proxy.stop()
            for process in processes:
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=30)
            shutil.rmtree(workspace, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
