#!/usr/bin/env python3
"""The peer of Keepsake's ingest: the same pipeline in Python with Pillow and sqlite3.

For each record (PHOTOS_PER_RECORD photos, taken round-robin from the inputs), for each photo:
read the bytes, decode, apply the EXIF orientation (ImageOps.exif_transpose), drop metadata,
re-encode as JPEG quality 80 (4:2:0, like Keepsake's default), then make the 1024-px thumbnail
from a second open in draft mode (libjpeg decodes at 1/2..1/8 scale) and the 256-px one from the
1024-px one, both Lanczos and JPEG quality 80 with optimised Huffman tables (as Keepsake's).
Every file is written, fsynced, and its folder fsynced; the record and its attachment rows go in
ONE SQLite transaction (WAL, synchronous=FULL: Keepsake's settings).

This is what a careful developer would write by hand: one process, one photo at a time.
With --workers N the photos of a record are processed by N processes (multiprocessing), the way
Keepsake uses both cores; the table reports both.

Prints one JSON object: {"images": n, "records": r, "seconds": s}.
"""
import argparse
import hashlib
import io
import json
import os
import sqlite3
import sys
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
import resource

from PIL import Image, ImageOps

PHOTOS_PER_RECORD = 3
SIZES = (1024, 256)

SCHEMA = """
CREATE TABLE IF NOT EXISTS record (
    id TEXT PRIMARY KEY NOT NULL, collection TEXT NOT NULL, date REAL NOT NULL, fields TEXT NOT NULL,
    created_at REAL NOT NULL, updated_at REAL NOT NULL, trashed_at REAL, version INTEGER NOT NULL DEFAULT 1
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS record_by_date ON record(collection, date, id);
CREATE TABLE IF NOT EXISTS attachment (
    id INTEGER PRIMARY KEY AUTOINCREMENT, record_id TEXT NOT NULL REFERENCES record(id) ON DELETE CASCADE,
    position INTEGER NOT NULL, path TEXT NOT NULL UNIQUE, byte_size INTEGER NOT NULL, sha256 TEXT NOT NULL,
    source_sha256 TEXT NOT NULL, media_type TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
    created_at REAL NOT NULL, UNIQUE (record_id, position)
);
"""


def write_synced(path, data):
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def sync_dir(path):
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def encode_jpeg(image, optimize):
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80, optimize=optimize)
    return out.getvalue()


def process(source_path):
    """Decode, orient, strip, re-encode and make thumbnails: everything but the writes."""
    with open(source_path, "rb") as f:
        source = f.read()
    with Image.open(io.BytesIO(source)) as opened:
        upright = ImageOps.exif_transpose(opened)  # loads every pixel
        if upright.mode != "RGB":
            upright = upright.convert("RGB")
        stored = encode_jpeg(upright, optimize=False)  # no exif= / icc_profile=: metadata stripped
        width, height = upright.size
    thumbs = {}
    with Image.open(io.BytesIO(source)) as opened:
        opened.draft("RGB", (SIZES[0], SIZES[0]))  # shrink-on-load
        small = ImageOps.exif_transpose(opened)
        for size in SIZES:  # largest first, each from the previous
            small.thumbnail((size, size), Image.LANCZOS)
            thumbs[size] = encode_jpeg(small, optimize=True)
    return {
        "stored": stored,
        "sha256": hashlib.sha256(stored).hexdigest(),
        "source_sha256": hashlib.sha256(source).hexdigest(),
        "width": width,
        "height": height,
        "thumbs": thumbs,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="an empty folder for the store")
    parser.add_argument("--records", type=int, required=True)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("photos", nargs="+")
    args = parser.parse_args()

    os.makedirs(args.out, exist_ok=True)
    for sub in ("attachments/bench", "cache/thumbnails/bench"):
        os.makedirs(os.path.join(args.out, sub), exist_ok=True)
    db = sqlite3.connect(os.path.join(args.out, "store.sqlite"), isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    db.executescript(SCHEMA)

    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    if pool:  # start the workers before the clock starts
        list(pool.map(int, range(args.workers)))
    images = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for r in range(args.records):
        inputs = [args.photos[(r * PHOTOS_PER_RECORD + k) % len(args.photos)] for k in range(PHOTOS_PER_RECORD)]
        results = list(pool.map(process, inputs)) if pool else [process(p) for p in inputs]
        record_id = str(uuid.uuid4())
        folder = os.path.join(args.out, "attachments/bench", record_id)
        thumb_folder = os.path.join(args.out, "cache/thumbnails/bench", record_id)
        os.mkdir(folder)
        os.mkdir(thumb_folder)
        sync_dir(os.path.dirname(folder))
        sync_dir(os.path.dirname(thumb_folder))
        paths = []
        for n, result in enumerate(results):
            stem = f"image_{n}-{result['sha256'][:12]}"
            write_synced(os.path.join(folder, stem + ".jpg"), result["stored"])
            for size, data in result["thumbs"].items():
                write_synced(os.path.join(thumb_folder, f"{stem}-{size}.jpg"), data)
            paths.append(f"attachments/bench/{record_id}/{stem}.jpg")
        sync_dir(folder)
        sync_dir(thumb_folder)
        now = time.time()
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO record (id, collection, date, fields, created_at, updated_at) VALUES (?, 'bench', ?, ?, ?, ?)",
                   (record_id, now, json.dumps({"title": f"Record {r}"}), now, now))
        for n, (path, result) in enumerate(zip(paths, results)):
            db.execute("INSERT INTO attachment (record_id, position, path, byte_size, sha256, source_sha256, media_type,"
                       " width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, 'image/jpeg', ?, ?, ?)",
                       (record_id, n, path, len(result["stored"]), result["sha256"], result["source_sha256"],
                        result["width"], result["height"], now))
        db.execute("COMMIT")
        images += len(results)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    if pool:
        pool.shutdown()  # the workers' CPU time (with their start-up) is counted once they have exited
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu += children.ru_utime + children.ru_stime
    json.dump({"images": images, "records": args.records, "seconds": seconds, "cpu_seconds": cpu}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
