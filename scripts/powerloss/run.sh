#!/usr/bin/env bash
# The power-loss lane (RELIABILITY.md): builds keepsake-crash-worker, keepsake and keepsake-torture
# in release mode, the virtual machine image (scripts/powerloss/build-image.sh, into
# .build-powerloss/image or POWERLOSS_IMAGE), then runs `keepsake-torture powerloss` with the
# arguments given, e.g.
#   scripts/powerloss/run.sh --cuts 200
#   scripts/powerloss/run.sh --cuts 30 --skip-fsync files     # a deliberately broken build: must fail
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
export PATH=$PATH:/opt/swift/usr/bin
for product in keepsake-crash-worker keepsake keepsake-torture; do
  swift build -c release --product "$product" >/dev/null
done
bin=$(swift build -c release --show-bin-path)
image=${POWERLOSS_IMAGE:-$root/.build-powerloss/image}
scripts/powerloss/build-image.sh "$bin" "$image"
exec "$bin/keepsake-torture" powerloss --image "$image" "$@"
