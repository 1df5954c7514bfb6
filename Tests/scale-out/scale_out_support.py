"""Several real `keepsake serve` processes on one PostgreSQL schema and one S3 bucket prefix (the
test servers that scripts/servers/with-servers starts), each with a local folder of its own as on
separate machines, behind a real nginx; the CLI on the same store."""
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("KEEPSAKE_BIN", REPO / ".build/debug/keepsake"))
CORPUS = Path(os.environ.get("KEEPSAKE_CORPUS", REPO.parent / "shared/corpus")).resolve()
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def required(name):
    value = os.environ.get(name)
    if not value:
        raise RuntimeError("%s is not set: run these tests through Tests/scale-out/run.sh, which starts the test servers" % name)
    return value


class DistributedStore:
    """A fresh schema of the test PostgreSQL and a fresh prefix of the test bucket: one store that
    every server and CLI call below shares. Credentials go in the environment only."""

    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="keepsake-scale-out-")
        schema = "scaleout_" + uuid.uuid4().hex[:12]
        postgres = required("KEEPSAKE_TEST_POSTGRES_URL")
        self.metadata_url = postgres + ("&" if "?" in postgres else "?") + "schema=" + schema
        self.blobs_url = "s3://%s/scale-out-%s/?endpoint=%s&region=%s&addressing=path" % (
            required("KEEPSAKE_TEST_S3_BUCKET"), uuid.uuid4().hex[:12], required("KEEPSAKE_TEST_S3_ENDPOINT"),
            required("KEEPSAKE_TEST_S3_REGION"))
        self.environment = dict(os.environ,
                                KEEPSAKE_METADATA_URL=self.metadata_url, KEEPSAKE_BLOBS_URL=self.blobs_url,
                                AWS_ACCESS_KEY_ID=required("KEEPSAKE_TEST_S3_ACCESS_KEY_ID"),
                                AWS_SECRET_ACCESS_KEY=required("KEEPSAKE_TEST_S3_SECRET_ACCESS_KEY"))
        self.machines = 0

    def local_folder(self):
        """A new machine's local folder (uploads in flight, caches): nothing the store needs."""
        self.machines += 1
        folder = os.path.join(self.root, "machine-%d" % self.machines)
        os.makedirs(folder)
        return folder

    def keepsake(self, *arguments, check=True, folder=None):
        """The CLI on this store, from a machine of its own; its completed process."""
        done = subprocess.run([str(BIN), "--store", folder or self.local_folder(), *arguments], capture_output=True, text=True,
                              timeout=300, env=self.environment)
        if check and done.returncode != 0:
            raise RuntimeError("keepsake %s failed (%d): %s" % (" ".join(arguments), done.returncode, done.stderr))
        return done

    def remove(self):
        shutil.rmtree(self.root, ignore_errors=True)


class Server:
    """`keepsake --store FOLDER serve --port 0 --no-demo --password P` on the distributed store."""

    def __init__(self, store, password):
        self.folder = store.local_folder()
        self.log = open(self.folder + "-serve.log", "w+")
        self.process = subprocess.Popen([str(BIN), "--store", self.folder, "serve", "--port", "0", "--no-demo", "--password", password],
                                        stdout=subprocess.PIPE, stderr=self.log, text=True, env=store.environment)
        deadline, output, self.url = time.monotonic() + 90, [], None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            output.append(line)
            match = re.search(r"Open (http://[0-9.]+:([0-9]+))/", line)
            if match:
                self.url, self.port = match.group(1), int(match.group(2))
                break
        if not self.url:
            self.process.kill()
            self.log.seek(0)
            raise RuntimeError("keepsake serve did not start: %s %s" % ("".join(output), self.log.read()))

    def kill(self):
        """kill -9, as a machine that dies."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self):
        """SIGTERM; the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            self.process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()
        self.log.close()
        return self.process.returncode

    def staged_uploads(self):
        """Files in this server's upload folders right now."""
        root = Path(self.folder) / "web-uploads"
        return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Proxy:
    """nginx in front of the servers, round robin, each answer naming the server that gave it
    (`X-Upstream`); a failed server's requests go to the next one."""

    def __init__(self, servers, body_limit="64m"):
        self.folder = tempfile.mkdtemp(prefix="keepsake-nginx-")
        self.port = free_port()
        upstreams = "\n".join("        server 127.0.0.1:%d max_fails=1 fail_timeout=30s;" % s.port for s in servers)
        config = """
worker_processes 1;
error_log %(folder)s/error.log warn;
pid %(folder)s/nginx.pid;
events { worker_connections 256; }
http {
    access_log %(folder)s/access.log;
    client_body_temp_path %(folder)s/body;
    proxy_temp_path %(folder)s/proxy;
    fastcgi_temp_path %(folder)s/fastcgi;
    uwsgi_temp_path %(folder)s/uwsgi;
    scgi_temp_path %(folder)s/scgi;
    upstream keepsake {
%(upstreams)s
    }
    server {
        listen 127.0.0.1:%(port)d;
        client_max_body_size %(limit)s;
        location / {
            proxy_pass http://keepsake;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 120s;
            proxy_request_buffering off;
            proxy_next_upstream error timeout http_502;
            add_header X-Upstream $upstream_addr always;
        }
    }
}
""" % {"folder": self.folder, "upstreams": upstreams, "port": self.port, "limit": body_limit}
        if os.geteuid() == 0:
            config = "user root;\n" + config
        self.config = os.path.join(self.folder, "nginx.conf")
        with open(self.config, "w") as handle:
            handle.write(config)
        subprocess.run([NGINX, "-p", self.folder, "-c", self.config, "-t"], check=True, capture_output=True)
        subprocess.run([NGINX, "-p", self.folder, "-c", self.config], check=True, capture_output=True)
        self.url = "http://127.0.0.1:%d" % self.port
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("nginx did not start listening on %d" % self.port)

    def stop(self):
        subprocess.run([NGINX, "-p", self.folder, "-c", self.config, "-s", "stop"], capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)
