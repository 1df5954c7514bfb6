#!/usr/bin/env python3
"""The floor for storing photos in an object store: PUT the same input bytes into the same bucket
with boto3, --per-record files (3) per record, one object each, nothing else (no decoding, no
thumbnails, no database). With --workers N the records are split over N processes that start
together, as two servers would share the work.

Credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY. Path-style addressing, SigV4 with the
payload's SHA-256 signed (boto3's default over plain HTTP, as Keepsake's x-amz-content-sha256), no
extra checksums (when_required), so the request is the same work as Keepsake's PUT of an original.

Prints one JSON object: {"images": n, "records": r, "seconds": s, "cpu_seconds": c}.
"""
import argparse
import json
import multiprocessing
import sys
import time

import boto3
from botocore.config import Config

PHOTOS_PER_RECORD = 3


def client(args):
    config = Config(s3={"addressing_style": "path"}, retries={"max_attempts": 4, "mode": "standard"},
                    request_checksum_calculation="when_required", response_checksum_validation="when_required",
                    signature_version="s3v4")
    return boto3.client("s3", endpoint_url=args.endpoint, region_name=args.region, config=config)


def upload(args, worker, records, start_at, queue):
    s3 = client(args)
    photos = []
    for path in args.photos:
        with open(path, "rb") as f:
            photos.append(f.read())
    wait = start_at - time.time()
    if wait > 0:
        time.sleep(wait)
    cpu0 = time.process_time()
    started = time.time()
    images = 0
    for r in records:
        for k in range(args.per_record):
            data = photos[(r * args.per_record + k) % len(photos)]
            s3.put_object(Bucket=args.bucket, Key=f"{args.prefix}w{worker}/record-{r}/image_{k}.jpg", Body=data,
                          ContentType="image/jpeg")
            images += 1
    queue.put({"images": images, "started": started, "ended": time.time(), "cpu_seconds": time.process_time() - cpu0})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endpoint", required=True)
    parser.add_argument("--region", default="us-east-1")
    parser.add_argument("--bucket", required=True)
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--records", type=int, required=True)
    parser.add_argument("--per-record", type=int, default=PHOTOS_PER_RECORD)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("photos", nargs="+")
    args = parser.parse_args()
    queue = multiprocessing.Queue()
    # Each process imports boto3 and makes its client before the common start.
    start_at = time.time() + (2.0 if args.workers > 1 else 0.5)
    processes = [multiprocessing.Process(target=upload, args=(args, w, range(w, args.records, args.workers), start_at, queue))
                 for w in range(args.workers)]
    for process in processes:
        process.start()
    results = [queue.get(timeout=1800) for _ in processes]
    for process in processes:
        process.join()
        if process.exitcode != 0:
            sys.exit(f"an upload process failed with {process.exitcode}")
    seconds = max(r["ended"] for r in results) - min(r["started"] for r in results)
    json.dump({"images": sum(r["images"] for r in results), "records": args.records, "seconds": seconds,
               "cpu_seconds": sum(r["cpu_seconds"] for r in results), "workers": args.workers}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
