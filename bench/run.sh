#!/usr/bin/env bash
# `make bench`: Keepsake against its peers, every scenario and its peers in ONE run on this machine.
#
#   bench/run.sh [extra keepsake-bench run flags, e.g. --only ingest --records 10 --stores 1000,10000]
#
# 1. Builds keepsake-bench and keepsake (for `keepsake serve`) in release mode (scratch path
#    .build-bench, so it never disturbs .build).
# 2. Installs Pillow with pip if it is missing (the Python peer), checks sqlite3, vipsthumbnail, find,
#    wrk, nginx and curl (the other peers; Debian packages).
# 3. Generates the inputs once into bench/out/inputs: 12-megapixel JPEGs (4032x3024, q90) made from
#    real photos of the corpus (the Kodak parrots, an EXIF test landscape, a 4K street scene), enlarged,
#    cropped to 4:3 and given mild Gaussian noise (sigma 4) so they carry sensor-like texture, not flat
#    areas; 3 MP and 24 MP versions for the memory scenario; 320x240 versions to build large stores;
#    a 4:2:0 12 MP photo with EXIF orientation 6 (a phone held upright) for the lossless transform.
# 4. Runs `keepsake-bench run`, which measures each scenario and its peers in turn and writes
#    bench/out/results.json and bench/out/table.md (bench/out is ignored by git).
# 5. For the distributed scenario (6: PostgreSQL + Ceph radosgw), starts a private PostgreSQL and
#    Ceph with scripts/servers/start (installed by scripts/bootstrap if missing) under a folder of this
#    run's own, exports their settings to keepsake-bench and stops them when the run ends. If they do
#    not start, scenario 6 is reported as pending and the rest still runs.
# KEEPSAKE_CORPUS overrides ../shared/corpus.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=${KEEPSAKE_CORPUS:-$repo/../shared/corpus}
out=$repo/bench/out
inputs=$out/inputs
scratch=$repo/.build-bench
export PATH=$PATH:/opt/swift/usr/bin

echo "== build (release)"
swift build -c release --scratch-path "$scratch" --product keepsake-bench
bench=$scratch/release/keepsake-bench
# The web scenario runs `keepsake serve` from the same folder; without it, that row says pending.
if ! swift build -c release --scratch-path "$scratch" --product keepsake; then
    echo "keepsake did not build: scenario 5 (web) will be reported as pending" >&2
    rm -f "$scratch/release/keepsake"
fi

echo "== peers"
python=${PYTHON:-python3}
if ! "$python" -c 'import PIL' 2>/dev/null; then
    "$python" -m pip install --quiet pillow
fi
"$python" -c 'import PIL, PIL.features; print("Pillow", PIL.__version__, "libjpeg-turbo:", PIL.features.check_feature("libjpeg_turbo"))'
if ! command -v wrk >/dev/null || ! [ -x /usr/sbin/nginx ] || ! command -v curl >/dev/null; then
    # The web scenario's load generator and peer server (scripts/bootstrap installs the rest).
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk nginx curl) >&2
fi
for tool in sqlite3 vipsthumbnail vips find wrk nginx curl; do
    command -v "$tool" >/dev/null || PATH=$PATH:/usr/sbin command -v "$tool" >/dev/null || { echo "missing $tool (Debian: sqlite3, libvips-tools, wrk, nginx, curl)" >&2; exit 1; }
done
echo "sqlite3 $(sqlite3 --version | cut -d' ' -f1), $(vips --version)"

echo "== inputs"
mkdir -p "$inputs"
# make NAME SOURCE WIDTH HEIGHT: SOURCE scaled to cover WIDTHxHEIGHT, centre-cropped, noise added, q90.
make_photo() {
    local name=$1 source=$2 width=$3 height=$4
    [ -f "$inputs/$name.jpg" ] && return
    local tmp
    tmp=$(mktemp -d)
    sw=$(vipsheader -f width "$source")
    sh=$(vipsheader -f height "$source")
    local scale
    scale=$(python3 -c "print(max($width / $sw, $height / $sh) * 1.0001)")
    vips resize "$source" "$tmp/big.v" "$scale"
    local bw bh
    bw=$(vipsheader -f width "$tmp/big.v")
    bh=$(vipsheader -f height "$tmp/big.v")
    vips crop "$tmp/big.v" "$tmp/crop.v" $(((bw - width) / 2)) $(((bh - height) / 2)) "$width" "$height"
    vips gaussnoise "$tmp/noise.v" "$width" "$height" --sigma 4 --mean 0
    vips add "$tmp/crop.v" "$tmp/noise.v" "$tmp/sum.v"
    vips cast "$tmp/sum.v" "$inputs/$name.jpg[Q=90]" uchar
    rm -rf "$tmp"
}
sources=("$corpus/png/kodim23.png" "$corpus/exif/Landscape_1.jpg" "$corpus/jpeg/gain-map.jpg")
for i in 1 2 3; do
    src=${sources[$((i - 1))]}
    make_photo "12mp-$i" "$src" 4032 3024
    make_photo "3mp-$i" "$src" 2016 1512
    make_photo "24mp-$i" "$src" 5664 4248
    make_photo "small-$i" "$src" 320 240
done
# A phone photo held upright: 12 MP at 4:2:0 (as phones write them) with EXIF orientation 6, for the
# lossless path's transform (the inputs above are orientation 1, at 4:4:4, as vips writes q90).
if [ ! -f "$inputs/12mp-rot6.jpg" ]; then
    vips copy "$inputs/12mp-1.jpg" "$inputs/12mp-420.jpg[Q=90,subsample-mode=on,strip]"
    python3 - "$inputs/12mp-420.jpg" "$inputs/12mp-rot6.jpg" <<'PYTHON'
import struct, sys
# A minimal EXIF APP1: big-endian TIFF, IFD0 with one entry, Orientation (0x0112) = 6.
tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, 3, 1, 6, 0) + struct.pack(">I", 0)
payload = b"Exif\x00\x00" + tiff
jpeg = open(sys.argv[1], "rb").read()
open(sys.argv[2], "wb").write(jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + jpeg[2:])
PYTHON
    rm -f "$inputs/12mp-420.jpg"
fi
ls -l "$inputs"

# Scenario 6 runs unless --only names other scenarios only.
distributed=yes
previous=
for argument in "$@"; do
    if [ "$previous" = --only ] && [[ ",$argument," != *,distributed,* ]]; then distributed=no; fi
    previous=$argument
done
if [ "$distributed" = yes ]; then
    echo "== servers (PostgreSQL, Ceph radosgw) for scenario 6"
    if ! command -v radosgw >/dev/null || ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || ! "$python" -c 'import boto3' 2>/dev/null; then
        "$repo/scripts/bootstrap" >&2 || echo "scripts/bootstrap failed: scenario 6 may be pending" >&2
    fi
    export KEEPSAKE_SERVERS_DIR="${TMPDIR:-/tmp}/keepsake-servers-bench-$$"
    export KEEPSAKE_SERVERS_POINTER=0
    trap '"$repo/scripts/servers/stop" >/dev/null 2>&1 || true' EXIT
    if settings=$("$repo/scripts/servers/start"); then
        eval "$settings"
        echo "psql $(psql --version | cut -d' ' -f3), boto3 $("$python" -c 'import boto3; print(boto3.__version__)'), $(radosgw --version | cut -d' ' -f1-3)"
    else
        echo "the servers did not start: scenario 6 will be reported as pending" >&2
    fi
fi

echo "== run (load before: $(cut -d' ' -f1-3 /proc/loadavg); uptime: $(uptime))"
"$bench" run --work "$out" --inputs "$inputs" --scripts "$repo/bench" --python "$python" "$@"
