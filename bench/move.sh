#!/usr/bin/env bash
# Times `keepsake move` (StoreMover, Sources/KeepsakeStoreTransfer) of a store of 60 records and 150
# photos — 20 diary entries with 3 photos, 20 feed posts with 3 or 4, 20 ledger transactions with a receipt, real photos of the corpus
# (1800x1200 and 3840x2160 JPEGs, PNG, WebP) — from the embedded backends to PostgreSQL + S3 and
# back, in a release build, against the floor of the same bytes in the same run: every original
# PUT to the same bucket one after another by boto3, then every one read back by GET.
#
# The move does more than the floor on purpose: it checks every SHA-256 on both sides, makes the
# thumbnails again in the target, compares both stores record by record and ends with an fsck of
# the target that reads every object once more.
#
# Needs the test servers:  scripts/servers/with-servers bench/move.sh
# (KEEPSAKE_CORPUS overrides ../shared/corpus). Leaves its stores in bench/out/move/.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=${KEEPSAKE_CORPUS:-$repo/../shared/corpus}
work=$repo/bench/out/move
: "${KEEPSAKE_TEST_POSTGRES_URL:?start the servers: scripts/servers/with-servers bench/move.sh}"
: "${KEEPSAKE_TEST_S3_ENDPOINT:?start the servers: scripts/servers/with-servers bench/move.sh}"

rm -rf "$work"
mkdir -p "$work"
echo "building keepsake (release)…" >&2
if ! swift build -c release --scratch-path "$repo/.build-bench" --product keepsake >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    exit 1
fi
keepsake=$repo/.build-bench/release/keepsake

# Credentials go in the environment, never on the command line.
export PGPASSWORD AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY
PGPASSWORD=$(printf '%s' "$KEEPSAKE_TEST_POSTGRES_URL" | sed -n 's|^postgresql://[^:/@]*:\([^@]*\)@.*|\1|p')
AWS_ACCESS_KEY_ID=$KEEPSAKE_TEST_S3_ACCESS_KEY_ID
AWS_SECRET_ACCESS_KEY=$KEEPSAKE_TEST_S3_SECRET_ACCESS_KEY
run=$(date +%s)-$$
metadata="$(printf '%s' "$KEEPSAKE_TEST_POSTGRES_URL" | sed 's|^\(postgresql://[^:/@]*\):[^@]*@|\1@|')?schema=bench_move_${run//-/_}"
blobs="s3://$KEEPSAKE_TEST_S3_BUCKET/bench-move-$run?endpoint=$KEEPSAKE_TEST_S3_ENDPOINT&region=$KEEPSAKE_TEST_S3_REGION"

photos=("$corpus"/exif/Landscape_{0,1,2,3,4,5,6,7,8}.jpg "$corpus/jpeg/gain-map.jpg" "$corpus/png/kodim23.png"
        "$corpus/webp/4.webp" "$corpus/jpeg/testorig.jpg" "$corpus/jpeg/progressive3.jpg")
photo() { printf '%s' "${photos[$(($1 % ${#photos[@]}))]}"; }

echo "filling the embedded store (60 records, 150 photos)…" >&2
source_store=$work/source
for i in $(seq 0 19); do
    "$keepsake" --store "$source_store" diary add --emotion joy --title "Day $i" --text "entry $i" --tag bench \
        --at "2026-10-$(printf %02d $((i + 1)))T12:00" \
        --image "$(photo $((3 * i)))" --image "$(photo $((3 * i + 1)))" --image "$(photo $((3 * i + 2)))" >/dev/null
    images=(--image "$(photo $((i + 5)))" --image "$(photo $((i + 6)))" --image "$(photo $((i + 7)))")
    if ((i % 2 == 0)); then images+=(--image "$(photo $((i + 8)))"); fi
    "$keepsake" --store "$source_store" feed post --title "Post $i" --contents "review $i" "${images[@]}" >/dev/null
    "$keepsake" --store "$source_store" ledger add --amount $((1000 + i)) --category food --memo "lunch $i" \
        --date "2026-10-$(printf %02d $((i + 1)))" --receipt "$(photo $((i + 9)))" >/dev/null
done
"$keepsake" --store "$source_store" status --json >"$work/source-status.json"

seconds() { python3 -c 'import sys, time; print(f"{time.time() - float(sys.argv[1]):.2f}")' "$1"; }
now() { python3 -c 'import time; print(time.time())'; }

echo "moving embedded -> postgres+s3…" >&2
start=$(now)
"$keepsake" --store "$source_store" move --to-store "$work/distributed" --to-metadata "$metadata" --to-blobs "$blobs" --json \
    >"$work/there.json" 2>"$work/there.progress"
there=$(seconds "$start")

echo "moving postgres+s3 -> embedded…" >&2
start=$(now)
"$keepsake" --store "$work/distributed" --metadata "$metadata" --blobs "$blobs" move --to-store "$work/back" --json \
    >"$work/back.json" 2>"$work/back.progress"
back=$(seconds "$start")

echo "floor: the same originals by boto3…" >&2
python3 - "$source_store/attachments" "$KEEPSAKE_TEST_S3_ENDPOINT" "$KEEPSAKE_TEST_S3_REGION" "$KEEPSAKE_TEST_S3_BUCKET" \
    "bench-move-floor-$run/" >"$work/floor.json" <<'PYTHON'
import json, os, sys, time
import boto3
from botocore.config import Config
root, endpoint, region, bucket, prefix = sys.argv[1:6]
# As bench/boto3_upload.py: path-style, SigV4 over the payload's SHA-256, no extra checksums, so
# each request is the same work as Keepsake's.
config = Config(s3={"addressing_style": "path"}, retries={"max_attempts": 4, "mode": "standard"},
                request_checksum_calculation="when_required", response_checksum_validation="when_required",
                signature_version="s3v4")
s3 = boto3.client("s3", endpoint_url=endpoint, region_name=region, config=config)
files = sorted(os.path.join(d, f) for d, _, names in os.walk(root) for f in names)
start = time.time()
for path in files:
    with open(path, "rb") as f:
        s3.put_object(Bucket=bucket, Key=prefix + os.path.relpath(path, root), Body=f.read())
put = time.time() - start
start = time.time()
for path in files:
    s3.get_object(Bucket=bucket, Key=prefix + os.path.relpath(path, root))["Body"].read()
get = time.time() - start
for path in files:
    s3.delete_object(Bucket=bucket, Key=prefix + os.path.relpath(path, root))
print(json.dumps({"files": len(files), "bytes": sum(os.path.getsize(p) for p in files), "put": put, "get": get}))
PYTHON

python3 - "$work" "$there" "$back" <<'PYTHON'
import json, sys
work, there, back = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
there_report = json.load(open(f"{work}/there.json"))
back_report = json.load(open(f"{work}/back.json"))
floor = json.load(open(f"{work}/floor.json"))
mb = int(there_report["bytes"]) / 1e6
print(f"store: {there_report['records']} records, {there_report['images']} photos, {mb:.1f} MB of originals")
print("| what | seconds | MB/s | against the floor |")
print("| --- | --- | --- | --- |")
print(f"| keepsake move, embedded -> postgres+s3 | {there:.2f} | {mb / there:.1f} | {there / floor['put']:.1f}x the PUTs |")
print(f"| keepsake move, postgres+s3 -> embedded | {back:.2f} | {mb / back:.1f} | {back / floor['get']:.1f}x the GETs |")
print(f"| floor: {floor['files']} PUTs by boto3, one after another | {floor['put']:.2f} | {floor['bytes'] / 1e6 / floor['put']:.1f} | |")
print(f"| floor: {floor['files']} GETs by boto3, one after another | {floor['get']:.2f} | {floor['bytes'] / 1e6 / floor['get']:.1f} | |")
print(f"(the mover's own clock: {float(there_report['seconds']):.2f} s and {float(back_report['seconds']):.2f} s; the rest is starting the process and opening the stores)")
PYTHON
