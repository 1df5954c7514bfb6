"""A real `keepsake serve` on a temporary store, tokens made with the real CLI, and a small client
over `requests` for the API tests."""
import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))  # Tests/python, as run.sh finds run_tests.py
from suite_support import ServeProcess  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("KEEPSAKE_BIN", REPO / ".build/debug/keepsake"))
CORPUS = Path(os.environ.get("KEEPSAKE_CORPUS", REPO.parent / "shared/corpus")).resolve()


def keepsake(store, *arguments, check=True, input=None):
    """Runs the keepsake CLI on `store` (with `input` on its standard input); returns its standard output."""
    done = subprocess.run([str(BIN), "--store", store, *arguments], capture_output=True, text=True, timeout=120, input=input)
    if check and done.returncode != 0:
        raise RuntimeError("keepsake %s failed (%d): %s" % (" ".join(arguments), done.returncode, done.stderr))
    return done.stdout


def make_token(store, name, read_only=False, user=None, books=()):
    """`keepsake [--user LOGIN] token create --name NAME [--read-only] [--book BOOK]…`: the token it
    prints once (it acts as LOGIN, by default the store's first admin)."""
    arguments = (["--user", user] if user else []) + ["token", "create", "--name", name] + (["--read-only"] if read_only else [])
    for book in books:
        arguments += ["--book", book]
    return keepsake(store, *arguments).strip()


class Server(ServeProcess):
    """`keepsake --store DIR serve --port 0 --no-demo [--password P]`, its address read from its output;
    its standard error in DIR-serve.log."""

    def __init__(self, store, password=None):
        self.store = store
        arguments = [str(BIN), "--store", store, "serve", "--port", "0", "--no-demo"]
        if password:
            arguments += ["--password", password]
        super().__init__(arguments, open(store + "-serve.log", "w+"))

    def uploads_staged(self):
        """Files in the server's upload folders right now."""
        root = Path(self.store) / "web-uploads"
        return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


class Client:
    """The API with one token: `client.get("/diary/entries")` etc., paths under /api/v1."""

    def __init__(self, base, token):
        self.base = base + "/api/v1"
        self.session = requests.Session()
        if token:
            self.session.headers["Authorization"] = "Bearer " + token

    def request(self, method, path, key=None, **kwargs):
        headers = kwargs.pop("headers", {})
        if key:
            headers["Idempotency-Key"] = key
        return self.session.request(method, self.base + path, headers=headers, timeout=60, **kwargs)

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, **kwargs):
        return self.request("POST", path, **kwargs)

    def patch(self, path, **kwargs):
        return self.request("PATCH", path, **kwargs)

    def put(self, path, **kwargs):
        return self.request("PUT", path, **kwargs)

    def delete(self, path, **kwargs):
        return self.request("DELETE", path, **kwargs)

    def create(self, path, body, files=None, expect=201):
        """A create with a fresh Idempotency-Key; the new record's JSON."""
        key = str(uuid.uuid4())
        if files:
            import json
            field = {"/diary/entries": "entry", "/ledger/transactions": "transaction", "/feed/posts": "post"}[path]
            response = self.post(path, key=key, data={field: json.dumps(body)}, files=files)
        else:
            response = self.post(path, key=key, json=body)
        assert response.status_code == expect, (response.status_code, response.text)
        return response.json()

    def every(self, path):
        """Every item of a paged list."""
        items, cursor = [], None
        while True:
            response = self.get(path, params={"limit": 100, **({"after": cursor} if cursor else {})})
            assert response.status_code == 200, response.text
            page = response.json()
            items += page["items"]
            cursor = page["nextCursor"]
            if cursor is None:
                return items


def corpus_samples():
    """The smallest valid image of each file type in the corpus (MANIFEST.tsv: verdict ok, libvips
    decodes it), by extension."""
    best = {}
    with open(CORPUS / "MANIFEST.tsv", encoding="utf-8") as manifest:
        header = manifest.readline().rstrip("\n").split("\t")
        for line in manifest:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            if row.get("verdict") != "ok" or row.get("vips_decode_fail_on_error") != "ok":
                continue
            extension = row["path"].rsplit(".", 1)[-1].lower()
            size = int(row["bytes"])
            if extension not in best or size < best[extension][1]:
                best[extension] = (CORPUS / row["path"], size)
    return {extension: path for extension, (path, _) in sorted(best.items())}


def temporary_store():
    folder = tempfile.mkdtemp(prefix="keepsake-api-")
    return folder, lambda: shutil.rmtree(folder, ignore_errors=True)
