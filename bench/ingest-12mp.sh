#!/usr/bin/env bash
# Times VipsImageProcessor.process on a 4032x3024 (12-megapixel) JPEG at quality 90 (the Kodak
# parrots, corpus png/kodim23.png, enlarged and cropped to 4:3) in a release build, and
# vipsthumbnail -s 256 on the same file, in one run.
#
# It builds only the imaging code: a throwaway package in bench/out/ (ignored by git) links the
# repository's CVipsSystem, CVips, CTurboJPEG and KeepsakeImaging sources and the two KeepsakeStore files they
# implement (ImageProcessing.swift, KeepsakeError.swift), so the rest of the package need not build.
#
# Usage: bench/ingest-12mp.sh     (KEEPSAKE_CORPUS overrides ../shared/corpus)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=${KEEPSAKE_CORPUS:-$repo/../shared/corpus}
work=$repo/bench/out/ingest-12mp

mkdir -p "$work/Sources/KeepsakeStore" "$work/Sources/ingest-12mp"
for target in CVipsSystem CVips CTurboJPEG KeepsakeImaging; do
    ln -sfn "$repo/Sources/$target" "$work/Sources/$target"
done
ln -sf "$repo/Sources/KeepsakeStore/Seams/ImageProcessing.swift" "$work/Sources/KeepsakeStore/ImageProcessing.swift"
ln -sf "$repo/Sources/KeepsakeStore/Errors/KeepsakeError.swift" "$work/Sources/KeepsakeStore/KeepsakeError.swift"
ln -sf "$repo/bench/ingest-12mp.swift" "$work/Sources/ingest-12mp/main.swift"
cat > "$work/Package.swift" <<'PACKAGE'
// swift-tools-version: 6.0
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("InternalImportsByDefault")]
let package = Package(
    name: "IngestBenchmark",
    targets: [
        .systemLibrary(name: "CVipsSystem", pkgConfig: "vips"),
        .target(name: "CVips", dependencies: ["CVipsSystem"]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg"),
        .target(name: "KeepsakeStore", swiftSettings: settings),
        .target(name: "KeepsakeImaging", dependencies: ["KeepsakeStore", "CVips", "CTurboJPEG"], swiftSettings: settings),
        .executableTarget(name: "ingest-12mp", dependencies: ["KeepsakeImaging", "KeepsakeStore"], swiftSettings: settings),
    ]
)
PACKAGE

photo=$work/photo-12mp.jpg
if [ ! -f "$photo" ]; then
    vips resize "$corpus/png/kodim23.png" "$work/enlarged.v" 5.90625
    vips crop "$work/enlarged.v" "$photo[Q=90]" 252 0 4032 3024
    rm -f "$work/enlarged.v"
fi

if ! swift build -c release --package-path "$work" >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    exit 1
fi
"$work/.build/release/ingest-12mp" "$photo"
echo "vipsthumbnail -s 256 (a separate process each time):"
for run in 1 2 3; do
    /usr/bin/time -f "  %e s wall, %U s user" vipsthumbnail -s 256 "$photo" -o "$work/vipsthumbnail-256.jpg"
done
