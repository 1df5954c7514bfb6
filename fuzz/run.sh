#!/usr/bin/env bash
# libFuzzer over every parser that reads outside bytes (RELIABILITY.md, "Fuzzing").
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]      default: 60 s each, every target
# Builds keepsake-fuzz twice: normally (lists targets, writes seeds from ../shared/corpus, replays)
# and with -sanitize=fuzzer,address in its own scratch path .build-fuzz, then runs each target for a
# fixed time on its corpus (.build-fuzz/corpus/TARGET, seeded and kept between runs). Prints a
# FIGURES line per target: executions, coverage (libFuzzer's cov: edges and ft: features), corpus
# size, crashes. A crash's input is kept in .build-fuzz/artifacts/TARGET/; copy it to
# fuzz/regressions/TARGET/ (the normal `swift test` replays that folder) and fix the parser.
# Exits non-zero if any target found a crash.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH=$PATH:/opt/swift/usr/bin
seconds=${1:-60}
shift || true
corpus=${KEEPSAKE_CORPUS:-$root/../shared/corpus}

swift build --product keepsake-fuzz >/dev/null || exit 1
replay=$(swift build --show-bin-path)/keepsake-fuzz
# -fuse-ld=lld: gold fails on the fuzzer build's debug information.
swift build -c release --scratch-path .build-fuzz --product keepsake-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DKEEPSAKE_FUZZING -Xcc -fsanitize=fuzzer-no-link,address \
  -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld >/dev/null || exit 1
fuzzer=$(swift build -c release --scratch-path .build-fuzz --show-bin-path)/keepsake-fuzz

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then mapfile -t targets < <("$replay" list | awk '{print $1}'); fi
status=0
for target in "${targets[@]}"; do
  work=.build-fuzz/corpus/$target seeds=.build-fuzz/seeds/$target artifacts=.build-fuzz/artifacts/$target
  mkdir -p "$work" "$artifacts"
  rm -rf "$seeds"
  "$replay" seeds "$target" "$seeds" --corpus "$corpus" >/dev/null || exit 1
  log=.build-fuzz/$target.log
  before=$(ls "$artifacts" | wc -l)
  echo "== fuzz $target: $seconds s"
  # Leak checks stay off, libFuzzer's and LeakSanitizer's at exit: the Swift runtime and Foundation
  # keep caches for the process's life (Data(contentsOf:) leaves 4 KiB of a read file behind).
  # SWIFT_BACKTRACE off: libFuzzer, not the Swift runtime's backtracer, handles the crash.
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} SWIFT_BACKTRACE=enable=no KEEPSAKE_FUZZ_TARGET=$target "$fuzzer" -max_total_time="$seconds" -print_final_stats=1 -timeout=20 -rss_limit_mb=3072 \
    -detect_leaks=0 -artifact_prefix="$artifacts/" "$work" "$seeds" > "$log" 2>&1
  code=$?
  executions=$(awk -F: '/stat::number_of_executed_units/ {gsub(/ /, "", $4); print $4}' "$log")
  perSecond=$(awk -F: '/stat::average_exec_per_sec/ {gsub(/ /, "", $4); print $4}' "$log")
  coverage=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | awk '{print $2}')
  features=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | awk '{print $2}')
  units=$(ls "$work" | wc -l)
  crashes=$(( $(ls "$artifacts" | wc -l) - before ))
  if [ "$code" -ne 0 ] || [ "$crashes" -ne 0 ]; then
    status=1
    echo "FAILURE [fuzz $target]: libFuzzer exited $code with $crashes new artifacts in $artifacts; see $log"
    grep -E "ERROR: |property violated|Fatal error|SUMMARY" "$log" | head -5
  fi
  echo "FIGURES fuzz:$target executions=${executions:-0} exec_per_s=${perSecond:-0} coverage=${coverage:-0} features=${features:-0} corpus=$units crashes=$crashes failures=$(( code != 0 || crashes != 0 ? 1 : 0 )) seconds=$seconds"
done
exit $status
