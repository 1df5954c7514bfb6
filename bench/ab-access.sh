#!/usr/bin/env bash
# The cost of the access rule on thumbnails, side by side (issue 22's 5 %): one build of
# `keepsake serve` over two copies of the web scenario's store (bench/out/web/store, made by
# `bench/run.sh --only web`), one without a password (the local operator: no rule) and one with a
# password, read by the first admin's session; wrk fetches the 256-px thumbnails of the first
# timeline page from each in turn, and each round prints requests/s, the server's CPU time per
# request (user + system from /proc/PID/stat around the run) and how many wrk lines said Non-2xx
# (0 expected).
#
#   bench/ab-access.sh KEEPSAKE [ROUNDS]
set -uo pipefail
bin=$1; rounds=${2:-6}
repo=$(cd "$(dirname "$0")/.." && pwd)
store=$repo/bench/out/web/store
[ -d "$store" ] || { echo "no $store: run bench/run.sh --only web first" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is missing (Debian: wrk)" >&2; exit 1; }
w=$(mktemp -d)
cp -a "$store" $w/op; cp -a "$store" $w/ac
"$bin" --store $w/op serve --port 0 --no-demo > $w/op.log 2>&1 & op=$!
"$bin" --store $w/ac serve --port 0 --no-demo --password "bench password 1234" > $w/ac.log 2>&1 & ac=$!
trap 'kill $op $ac 2>/dev/null; rm -rf "$w"' EXIT
for f in op ac; do for _ in $(seq 100); do grep -q "http://127.0.0.1:" $w/$f.log && break; sleep 0.1; done; done
bop=$(grep -o "http://127.0.0.1:[0-9]*" $w/op.log | head -1); bac=$(grep -o "http://127.0.0.1:[0-9]*" $w/ac.log | head -1)
cop=$(curl -s -D - -o /dev/null "$bop/diary" | grep -i '^set-cookie:' | sed 's/^[^:]*: //; s/;.*//' | tr -d '\r')
curl -s -H "Cookie: $cop" "$bop/diary" | grep -o '/images/[^"]*/256' | sort -u > $w/urls
tok=$(curl -s -c $w/jar -b $w/jar "$bac/login" | grep -o 'name="_csrf" value="[^"]*"' | sed 's/.*value="//; s/"$//')
code=$(curl -s -o /dev/null -w "%{http_code}" -c $w/jar -b $w/jar --data-urlencode "_csrf=$tok" --data-urlencode login=admin --data-urlencode "password=bench password 1234" "$bac/login")
cac=$(grep -v '^# ' $w/jar | sed 's/#HttpOnly_//' | awk -F'\t' 'NF==7 {print $6"="$7}' | paste -sd';' | sed 's/;/; /g')
[ "$code" = 303 ] || { echo "the login answered $code" >&2; exit 1; }
echo "thumbnails: $(wc -l < $w/urls) URLs; columns: requests/s, CPU µs per request, Non-2xx lines"
cat > $w/p.lua <<LUA
local paths = {}
for line in io.lines("$w/urls") do paths[#paths+1] = line end
local i = 0
request = function() i = i % #paths + 1; return wrk.format("GET", paths[i]) end
LUA
one() { # pid base cookie
  t0=$(awk '{print $14+$15}' /proc/$1/stat)
  out=$(wrk -t1 -c8 -d5s -H "Cookie: $3" -s $w/p.lua "$2")
  t1=$(awk '{print $14+$15}' /proc/$1/stat)
  reqs=$(echo "$out" | awk '/requests in/ {print $1}'); rate=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  non=$(echo "$out" | grep -c Non-2xx)
  echo "$rate $(python3 -c "print(round(($t1-$t0)*10000/$reqs,1))") $non"
}
one $op $bop "$cop" >/dev/null; one $ac $bac "$cac" >/dev/null
for r in $(seq $rounds); do echo "round $r operator $(one $op $bop "$cop") account $(one $ac $bac "$cac")"; done | tee $w/rounds
python3 - "$w/rounds" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
med = lambda i: statistics.median(float(r[i]) for r in rows)
print(f"medians: operator {med(3):,.0f} requests/s, {med(4):.1f} µs CPU each; account {med(7):,.0f} requests/s, {med(8):.1f} µs CPU each")
print(f"account / operator: requests/s {med(7) / med(3):.2f}x, CPU per request {med(8) / med(4):.2f}x")
PY
