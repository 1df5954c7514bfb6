"""What the Python test suites (API, browser, scale-out) share: a free port, a `keepsake serve`
process started and stopped, nginx as a round-robin proxy in front of such servers, and a headless
Chromium with the page queries the browser tests use.

It stands next to run_tests.py, in Tests/python; a suite's module imports it from there as its
run.sh finds the runner, `../python` of the suite's folder:

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
    from suite_support import ServeProcess, free_port

Selenium is imported only by the browser helpers, so the API and scale-out suites need none.
"""
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.parse

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
# The line `keepsake serve` prints once it listens: "Open http://127.0.0.1:PORT/ …" (https:// with TLS).
SERVE_ADDRESS = re.compile(r"Open (https?://[0-9.]+:([0-9]+))/")


def free_port():
    """A TCP port of 127.0.0.1 that nothing listened on a moment ago (the system's pick for port 0)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop_process(process):
    """SIGTERM (unless the process has ended already), up to 30 s for it to end, then SIGKILL; the
    rest of its standard output (None when that was not a pipe)."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        rest, _ = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        rest, _ = process.communicate()
    return rest


class ServeProcess:
    """A `keepsake … serve` process, started with `arguments` (the binary first) and its standard
    error written to `log` (an open file); ready once it printed its address, which is read from its
    standard output for up to `seconds`: `url` ("http://127.0.0.1:PORT"), `port` and `output` (the
    lines read). When it ends or the time runs out first, it is killed and RuntimeError says what it
    printed ("keepsake serve did not start: …"), and with `log_in_error` what `log` holds after it."""

    def __init__(self, arguments, log, seconds=60, env=None, log_in_error=False):
        self.log = log
        self.process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=log, text=True, env=env)
        deadline, self.output, self.url = time.monotonic() + seconds, [], None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.output.append(line)
            match = SERVE_ADDRESS.search(line)
            if match:
                self.url, self.port = match.group(1), int(match.group(2))
                return
        self.process.kill()
        message = "keepsake serve did not start: %s" % "".join(self.output)
        if log_in_error:
            log.seek(0)
            message += " " + log.read()
        raise RuntimeError(message)

    def stop(self):
        """SIGTERM, as stop_process; the rest of what it printed is added to `output`, the log
        closed; the exit status."""
        self.output.append(stop_process(self.process) or "")
        self.log.close()
        return self.process.returncode


NGINX_CONFIG = """
worker_processes 1;
error_log %(folder)s/error.log warn;
pid %(folder)s/nginx.pid;
events { worker_connections %(connections)d; }
http {
    access_log %(folder)s/access.log;
    client_body_temp_path %(folder)s/body;
    proxy_temp_path %(folder)s/proxy;
    fastcgi_temp_path %(folder)s/fastcgi;
    uwsgi_temp_path %(folder)s/uwsgi;
    scgi_temp_path %(folder)s/scgi;
    upstream keepsake {
%(servers)s
    }
    server {
        listen 127.0.0.1:%(port)d;
        client_max_body_size %(limit)s;
        location / {
            proxy_pass http://keepsake;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
%(directives)s            add_header X-Upstream $upstream_addr always;
        }
    }
}
"""


class RoundRobinNginx:
    """nginx on a free port of 127.0.0.1 (`port`, `url`), round robin over `servers` ((host, port)
    pairs), each answer naming the server that gave it (header X-Upstream); everything it writes
    (config, logs, pid, temporary files) in `folder`, which must exist. Its settings:
    `worker_connections`; `server_options`, added to each upstream server line (e.g.
    "max_fails=1 fail_timeout=30s"); `body_limit`, the largest request body (client_max_body_size);
    `directives`, more lines for `location /` (e.g. "proxy_read_timeout 120s"); `check_config`,
    `nginx -t` before the start. nginx starts in the background: `listening` waits for it."""

    def __init__(self, folder, servers, worker_connections, server_options="", body_limit="64m", directives=(), check_config=False):
        self.folder, self.port = folder, free_port()
        options = " " + server_options if server_options else ""
        config = NGINX_CONFIG % {
            "folder": folder, "connections": worker_connections, "port": self.port, "limit": body_limit,
            "servers": "\n".join("        server %s:%d%s;" % (host, port, options) for host, port in servers),
            "directives": "".join("            %s;\n" % directive for directive in directives)}
        if os.geteuid() == 0:
            config = "user root;\n" + config
        self.config = os.path.join(folder, "nginx.conf")
        with open(self.config, "w") as handle:
            handle.write(config)
        if check_config:
            subprocess.run([NGINX, "-p", folder, "-c", self.config, "-t"], check=True, capture_output=True)
        subprocess.run([NGINX, "-p", folder, "-c", self.config], check=True, capture_output=True)
        self.url = "http://127.0.0.1:%d" % self.port

    def listening(self, seconds):
        """Whether nginx accepts connections within `seconds` (asked every 0.1 s)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return True
            except OSError:
                time.sleep(0.1)
        return False

    def stop(self):
        """`nginx -s stop`; the folder stays."""
        subprocess.run([NGINX, "-p", self.folder, "-c", self.config, "-s", "stop"], capture_output=True)


def headless_chromium(window="1280,1000", environment=None, browser_log=False):
    """Debian's chromium, headless, driven by its chromium-driver through Selenium: a window of
    `window` ("width,height"), English pages, scale 1, no GPU, sandbox or /dev/shm; page loads time
    out after 60 s. `environment`: the driver's and so the browser's (e.g. another HOME);
    `browser_log`: the console kept for `driver.get_log("browser")`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=" + window,
                     "--force-device-scale-factor=1", "--lang=en-US", "--disable-gpu"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": "en-US,en"})
    if browser_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver", env=environment)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(60)
    return driver


class PageQueries:
    """Queries of the page in `self.driver` by CSS selector, for a test case or a person with a
    browser: `one` the first match (NoSuchElementException when there is none), `all` every match,
    each within `root` when given; `path` the path of the page's address."""

    def one(self, selector, root=None):
        from selenium.webdriver.common.by import By
        return (root or self.driver).find_element(By.CSS_SELECTOR, selector)

    def all(self, selector, root=None):
        from selenium.webdriver.common.by import By
        return (root or self.driver).find_elements(By.CSS_SELECTOR, selector)

    def path(self):
        return urllib.parse.urlsplit(self.driver.current_url).path
