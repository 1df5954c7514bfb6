#!/usr/bin/env python3
"""The floor for storing photos: copy the same input bytes, --per-record files (3) per record
folder, fsync each file and each folder. No decoding, no thumbnails, no database.

Prints one JSON object: {"images": n, "records": r, "seconds": s}.
"""
import argparse
import json
import os
import sys
import time

PHOTOS_PER_RECORD = 3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--records", type=int, required=True)
    parser.add_argument("--per-record", type=int, default=PHOTOS_PER_RECORD)
    parser.add_argument("photos", nargs="+")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    images = 0
    start = time.perf_counter()
    for r in range(args.records):
        folder = os.path.join(args.out, f"record-{r}")
        os.mkdir(folder)
        for k in range(args.per_record):
            source = args.photos[(r * args.per_record + k) % len(args.photos)]
            with open(source, "rb") as f:
                data = f.read()
            fd = os.open(os.path.join(folder, f"image_{k}.jpg"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
            os.close(fd)
            images += 1
        for path in (folder, args.out):
            fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
            os.fsync(fd)
            os.close(fd)
    seconds = time.perf_counter() - start
    json.dump({"images": images, "records": args.records, "seconds": seconds}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
