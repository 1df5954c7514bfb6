"""Browser tests of Keepsake on the phone (issue 23): HTTPS with a certificate made as docs/WEB.md says.

`keepsake serve --tls-cert/--tls-key` with a certificate from scripts/make-certificate, and a
headless Chromium that trusts the made authority the way a person's browser would: through an NSS
database in its home folder (certutil), never --ignore-certificate-errors.
"""
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("KEEPSAKE_BIN", REPO / ".build/debug/keepsake"))
WAIT = 15


def start_server(store, *arguments):
    """`keepsake serve --port 0 --no-demo ARGUMENTS`; returns (process, url) once it prints where it listens."""
    log = open(store + "-serve.log", "w+")
    process = subprocess.Popen([str(BIN), "--store", store, "serve", "--port", "0", "--no-demo", *arguments],
                               stdout=subprocess.PIPE, stderr=log, text=True)
    deadline = time.monotonic() + 60
    output = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        output.append(line)
        match = re.search(r"Open (https?://[0-9.]+:[0-9]+)/", line)
        if match:
            return process, match.group(1)
    process.kill()
    raise RuntimeError("keepsake serve did not start: %s" % "".join(output))


def stop_server(process):
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()


def chromium(home, window="390,844"):
    """Headless Chromium at a phone's size whose home folder (and so its NSS database) is `home`."""
    options = Options()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=" + window,
                     "--force-device-scale-factor=1", "--lang=en-US", "--disable-gpu"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": "en-US,en"})
    environment = dict(os.environ, HOME=home)
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver", env=environment)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(60)
    return driver


class HTTPSTests(unittest.TestCase):
    """The app over HTTPS in a browser that trusts the home authority."""

    @classmethod
    def setUpClass(cls):
        cls.workspace = tempfile.mkdtemp(prefix="keepsake-phone-")
        certificates = os.path.join(cls.workspace, "certificates")
        made = subprocess.run(["bash", str(REPO / "scripts/make-certificate"), "--out", certificates, "--name", "keepsake.test"],
                              capture_output=True, text=True, timeout=60)
        if made.returncode != 0:
            raise RuntimeError("scripts/make-certificate failed: " + made.stderr)
        cls.authority = os.path.join(certificates, "ca.pem")
        # The browser's own trust store, as docs/WEB.md tells a person to fill it.
        cls.home = os.path.join(cls.workspace, "home")
        database = os.path.join(cls.home, ".pki", "nssdb")
        os.makedirs(database)
        subprocess.run(["certutil", "-d", "sql:" + database, "-N", "--empty-password"], check=True, capture_output=True)
        subprocess.run(["certutil", "-d", "sql:" + database, "-A", "-t", "C,,", "-n", "keepsake", "-i", cls.authority],
                       check=True, capture_output=True)
        cls.store = os.path.join(cls.workspace, "store")
        cls.process, url = start_server(cls.store, "--tls-cert", os.path.join(certificates, "server.pem"),
                                        "--tls-key", os.path.join(certificates, "server-key.pem"))
        cls.url = url.replace("https://127.0.0.1:", "https://localhost:")
        print("\nkeepsake serve at %s (HTTPS), store %s" % (cls.url, cls.store))
        cls.driver = chromium(cls.home)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        stop_server(cls.process)
        shutil.rmtree(cls.workspace, ignore_errors=True)

    def one(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def test_10_an_entry_made_over_https_in_a_secure_context(self):
        driver = self.driver
        driver.get(self.url + "/diary/new")
        self.assertTrue(driver.execute_script("return window.isSecureContext"), "https:// with a trusted certificate is a secure context")
        self.assertTrue(driver.execute_script("return 'serviceWorker' in navigator"))
        self.assertEqual(driver.execute_script("return location.protocol"), "https:")
        self.one("input[name='title']").send_keys("Written over HTTPS")
        self.one("label.emo-joy").click()
        self.one("textarea[name='text']").send_keys("The phone trusts the home authority.")
        self.one("button[name='done']").click()
        WebDriverWait(driver, WAIT).until(lambda d: re.fullmatch(r"/diary/[0-9a-f-]{36}", d.execute_script("return location.pathname")))
        self.assertEqual(self.one("h1").text, "Written over HTTPS")
        # The session cookie is Secure and HttpOnly (so the page's script cannot see it).
        cookies = {cookie["name"]: cookie for cookie in driver.get_cookies()}
        self.assertTrue(cookies["keepsake_session"]["secure"])
        self.assertTrue(cookies["keepsake_session"]["httpOnly"])
        self.assertNotIn("keepsake_session", driver.execute_script("return document.cookie"))

    def test_20_plain_http_to_the_https_port_is_not_served(self):
        plain = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", self.url.replace("https://", "http://") + "/"],
                               capture_output=True, text=True, timeout=30)
        self.assertEqual(plain.stdout, "000")
        headers = subprocess.run(["curl", "-sS", "-D", "-", "-o", "/dev/null", "--cacert", self.authority, self.url + "/diary"],
                                 capture_output=True, text=True, timeout=30).stdout
        self.assertIn("Strict-Transport-Security: max-age=31536000", headers)


if __name__ == "__main__":
    unittest.main()
