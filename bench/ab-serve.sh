#!/usr/bin/env bash
# Two builds of `keepsake serve` side by side: each serves its own copy of the web scenario's store
# (bench/out/web/store, made by `bench/run.sh --only web`), and wrk measures the diary timeline and
# the 256-px thumbnails of each in turn, A B A B ..., so a change in the machine's speed falls on
# both. Prints every round and the medians of the rounds after the first two (warm-up: the card
# and attachment caches fill).
#
#   bench/ab-serve.sh A_KEEPSAKE B_KEEPSAKE [ROUNDS]
#
# e.g. an old commit built with `swift build -c release --scratch-path /tmp/old/.build-bench
# --product keepsake` in a worktree, against .build-bench/release/keepsake.
set -euo pipefail
a=$1 b=$2 rounds=${3:-8}
repo=$(cd "$(dirname "$0")/.." && pwd)
store=$repo/bench/out/web/store
[ -d "$store" ] || { echo "no $store: run bench/run.sh --only web first" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is missing (Debian: wrk)" >&2; exit 1; }
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$work"' EXIT
results=$work/results
for side in a b; do
    binary=${!side}
    cp -a "$store" "$work/$side"
    "$binary" --store "$work/$side" serve --port 0 --no-demo > "$work/$side.log" 2>&1 &
    pids+=($!)
done
for side in a b; do
    for _ in $(seq 100); do grep -q "http://127.0.0.1:" "$work/$side.log" && break; sleep 0.1; done
    base=$(grep -o "http://127.0.0.1:[0-9]*" "$work/$side.log" | head -1)
    [ -n "$base" ] || { echo "$side did not start: $(cat "$work/$side.log")" >&2; exit 1; }
    echo "$base" > "$work/$side.base"
    cookie=$(curl -s -D - -o /dev/null "$base/diary" | grep -i '^set-cookie:' | sed 's/^[^:]*: //; s/;.*//' | tr -d '\r')
    echo "$cookie" > "$work/$side.cookie"
    curl -s -H "Cookie: $cookie" "$base/diary" | grep -o '/images/[^"]*/256' | sort -u > "$work/$side.urls"
    cat > "$work/$side.lua" <<LUA
local paths = {}
for line in io.lines("$work/$side.urls") do paths[#paths+1] = line end
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
LUA
done
rate() { awk '/Requests\/sec/ { print $2 }'; }
for round in $(seq "$rounds"); do
    for side in a b; do
        base=$(cat "$work/$side.base") cookie=$(cat "$work/$side.cookie")
        timeline=$(wrk -t1 -c8 -d5s -H "Cookie: $cookie" "$base/diary" | rate)
        thumbnails=$(wrk -t1 -c8 -d5s -H "Cookie: $cookie" -s "$work/$side.lua" "$base" | rate)
        echo "round $round $side timeline $timeline thumbnails $thumbnails" | tee -a "$results"
    done
done
python3 - "$results" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
medians = {}
for side in ("a", "b"):
    kept = [row for row in rows if row[2] == side and int(row[1]) > 2] or [row for row in rows if row[2] == side]
    medians[side] = (statistics.median(float(row[4]) for row in kept), statistics.median(float(row[6]) for row in kept))
    print(f"{side}: timeline {medians[side][0]:.0f} requests/s, thumbnails {medians[side][1]:.0f} requests/s (medians)")
print(f"b/a: timeline {medians['b'][0] / medians['a'][0]:.2f}x, thumbnails {medians['b'][1] / medians['a'][1]:.2f}x")
PY
