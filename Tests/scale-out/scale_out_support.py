"""Several real `keepsake serve` processes on one PostgreSQL schema and one S3 bucket prefix (the
test servers that scripts/servers/with-servers starts), each with a local folder of its own as on
separate machines, behind a real nginx; the CLI on the same store."""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))  # Tests/python, as run.sh finds run_tests.py
from suite_support import RoundRobinNginx, ServeProcess  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("KEEPSAKE_BIN", REPO / ".build/debug/keepsake"))
CORPUS = Path(os.environ.get("KEEPSAKE_CORPUS", REPO.parent / "shared/corpus")).resolve()


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


class Server(ServeProcess):
    """`keepsake --store FOLDER serve --port 0 --no-demo --password P` on the distributed store, FOLDER
    a new machine's; its standard error in FOLDER-serve.log, shown too when it does not start."""

    def __init__(self, store, password):
        self.folder = store.local_folder()
        super().__init__([str(BIN), "--store", self.folder, "serve", "--port", "0", "--no-demo", "--password", password],
                         open(self.folder + "-serve.log", "w+"), seconds=90, env=store.environment, log_in_error=True)

    def kill(self):
        """kill -9, as a machine that dies."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def staged_uploads(self):
        """Files in this server's upload folders right now."""
        root = Path(self.folder) / "web-uploads"
        return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


class Proxy(RoundRobinNginx):
    """nginx in front of the servers, round robin, each answer naming the server that gave it
    (`X-Upstream`); a failed server's requests go to the next one. Its folder is a new temporary one,
    removed by `stop`."""

    def __init__(self, servers, body_limit="64m"):
        super().__init__(tempfile.mkdtemp(prefix="keepsake-nginx-"), [("127.0.0.1", server.port) for server in servers],
                         worker_connections=256, server_options="max_fails=1 fail_timeout=30s", body_limit=body_limit,
                         directives=["proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for",
                                     "proxy_set_header X-Forwarded-Proto $scheme",
                                     "proxy_read_timeout 120s",
                                     "proxy_request_buffering off",
                                     "proxy_next_upstream error timeout http_502"],
                         check_config=True)
        if not self.listening(20):
            raise RuntimeError("nginx did not start listening on %d" % self.port)

    def stop(self):
        """`nginx -s stop`, and its folder removed."""
        super().stop()
        shutil.rmtree(self.folder, ignore_errors=True)
