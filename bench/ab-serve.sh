#!/usr/bin/env bash
# Two builds of `keepsake serve` side by side: each serves its own copy of the web scenario's store
# (bench/out/web/store, made by `bench/run.sh --only web`), and wrk measures the diary timeline and
# the 256-px thumbnails of each in turn, A B A B ..., so a change in the machine's speed falls on
# both. Prints every round and the medians of the rounds after the first two (warm-up: the card
# and attachment caches fill): requests/s, and the server's CPU time per request (user + system,
# from /proc/PID/stat around each wrk run), which on a small machine, where wrk and the server
# share the cores, moves less than the rate does.
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
ticks_per_second=$(getconf CLK_TCK)
# One wrk run against side $1's server (the rest are wrk's arguments): "RATE CPU_US_PER_REQUEST".
measure() {
    local pid=${pids[$1]} before after output; shift
    before=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
    output=$(wrk "$@")
    after=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
    awk -v before="$before" -v after="$after" -v hz="$ticks_per_second" '
        /requests in/ { requests = $1 } /Requests\/sec/ { rate = $2 }
        END { printf "%s %.1f\n", rate, (after - before) * 1000000 / hz / requests }' <<< "$output"
}
for round in $(seq "$rounds"); do
    for side in a b; do
        base=$(cat "$work/$side.base") cookie=$(cat "$work/$side.cookie") index=$([ "$side" = a ] && echo 0 || echo 1)
        read -r timeline timeline_cpu < <(measure "$index" -t1 -c8 -d5s -H "Cookie: $cookie" "$base/diary")
        read -r thumbnails thumbnails_cpu < <(measure "$index" -t1 -c8 -d5s -H "Cookie: $cookie" -s "$work/$side.lua" "$base")
        echo "round $round $side timeline $timeline thumbnails $thumbnails cpu_us_per_request $timeline_cpu $thumbnails_cpu" | tee -a "$results"
    done
done
python3 - "$results" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
medians = {}
for side in ("a", "b"):
    kept = [row for row in rows if row[2] == side and int(row[1]) > 2] or [row for row in rows if row[2] == side]
    medians[side] = [statistics.median(float(row[column]) for row in kept) for column in (4, 6, 8, 9)]
    timeline, thumbnails, timeline_cpu, thumbnails_cpu = medians[side]
    print(f"{side}: timeline {timeline:.0f} requests/s ({timeline_cpu:.1f} µs CPU each), "
          f"thumbnails {thumbnails:.0f} requests/s ({thumbnails_cpu:.1f} µs CPU each) (medians)")
a, b = medians["a"], medians["b"]
print(f"b/a: timeline {b[0] / a[0]:.2f}x, thumbnails {b[1] / a[1]:.2f}x; "
      f"CPU per request: timeline {b[2] / a[2]:.2f}x, thumbnails {b[3] / a[3]:.2f}x")
PY
