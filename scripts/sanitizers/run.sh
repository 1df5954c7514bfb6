#!/usr/bin/env bash
# Sanitizer lanes of `make torture` (RELIABILITY.md, "Sanitizers"):
#   asan  AddressSanitizer + UndefinedBehaviorSanitizer over the Swift code and the C shims
#         (CVips's cvips.c and cvips_encode.c, cmicrohttpd.c): the engine's, imaging's, HTTP's, transfer's and the ledger's tests
#         (scratch path .build-asan; the crash workers and CLI the tests start are sanitized too)
#   tsan  ThreadSanitizer over the concurrency tests (scratch path .build-tsan)
# Usage: scripts/sanitizers/run.sh [asan] [tsan]       (default: both)
# Prints a FIGURES line per lane (tests run, sanitizer reports); exits non-zero on any report or
# failing test.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
export PATH=$PATH:/opt/swift/usr/bin
lanes=("$@")
[ ${#lanes[@]} -eq 0 ] && lanes=(asan tsan)
status=0
for lane in "${lanes[@]}"; do
  case "$lane" in
    asan)
      scratch=.build-asan
      # Swift has no UBSan on Linux: UndefinedBehaviorSanitizer covers the C shims (its handlers are in
      # the ASan runtime), AddressSanitizer both.
      flags=(--sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined)
      # The suites that run the engine, imaging (libvips through cvips.c), HTTP (libmicrohttpd
      # through cmicrohttpd.c), archives and the CSV import; the long torture slices are left to
      # their own lanes.
      filter='KeepsakeStoreTests|KeepsakeImagingTests|KeepsakeHTTPTests|KeepsakeStoreTransferTests|LedgerCSVTests|CheckerPagingTests'
      skip='TortureTests'
      export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:halt_on_error=1:log_path=$root/$scratch/asan
      export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:log_path=$root/$scratch/ubsan
      ;;
    tsan)
      scratch=.build-tsan
      flags=(--sanitize=thread)
      # Several threads or processes on one store, one libvips, one server.
      filter='ConcurrencyTests|ConcurrencyAndMemoryTests|ServerTests|TortureRegressionTests|CrashTests|UploadTests'
      skip='TortureTests'
      export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:log_path=$root/$scratch/tsan
      ;;
    *) echo "unknown lane $lane (asan, tsan)" >&2; exit 2 ;;
  esac
  mkdir -p "$scratch"
  rm -f "$scratch"/asan.* "$scratch"/ubsan.* "$scratch"/tsan.*
  started=$SECONDS
  echo "== sanitizer lane $lane: build"
  if ! swift build --build-tests --scratch-path "$scratch" "${flags[@]}" > "$scratch/build.log" 2>&1; then
    tail -20 "$scratch/build.log"; echo "FIGURES sanitizer:$lane tests=0 reports=0 failures=1 seconds=$((SECONDS - started))"; status=1; continue
  fi
  echo "== sanitizer lane $lane: swift test --filter '$filter'"
  KEEPSAKE_BIN_DIR=$(swift build --scratch-path "$scratch" "${flags[@]}" --show-bin-path) \
    swift test --skip-build --scratch-path "$scratch" "${flags[@]}" --filter "$filter" --skip "$skip" > "$scratch/test.log" 2>&1
  code=$?
  tests=$(grep -oE 'Test run with [0-9]+ tests' "$scratch/test.log" | tail -1 | grep -oE '[0-9]+' || echo 0)
  reports=$(cat "$scratch"/asan.* "$scratch"/ubsan.* "$scratch"/tsan.* 2>/dev/null | grep -cE '^(==[0-9]+==ERROR|SUMMARY|WARNING: ThreadSanitizer)|runtime error:' || true)
  inline=$(grep -cE '==[0-9]+==ERROR: AddressSanitizer|runtime error:|WARNING: ThreadSanitizer' "$scratch/test.log" || true)
  reports=$((reports + inline))
  grep -E "✘|failed" "$scratch/test.log" | head -10
  for file in "$scratch"/asan.* "$scratch"/ubsan.* "$scratch"/tsan.*; do [ -f "$file" ] && { echo "-- $file"; head -40 "$file"; }; done
  failed=$(( code != 0 || reports != 0 ? 1 : 0 ))
  [ $failed -eq 0 ] || status=1
  echo "FIGURES sanitizer:$lane tests=${tests:-0} reports=$reports failures=$failed seconds=$((SECONDS - started))"
done
exit $status
