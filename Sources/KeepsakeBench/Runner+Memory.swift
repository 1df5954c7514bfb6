import Foundation
import KeepsakeImaging
import KeepsakeStore

extension Runner {
    func memory() throws {
        note("4. memory: peak RSS of listing and ingest in child processes")
        if let listing = details["listing"] as? [String: Any] {
            for size in storeSizes {
                guard let entry = listing["\(size)"] as? [String: Any], let rss = entry["rss"] as? [String: Any] else { continue }
                rows.append(Row(scenario: "4", measure: "peak RSS, open + list 100 newest x200, \(size / 1000)k records",
                                keepsake: mib(int(rss, "peak_rss_kib")) + " (\(mib(int(rss, "rss_after_open_kib"))) after open)"))
            }
        }
        var memoryDetails: [String: Any] = [:]
        let folder = work + "/memory"
        removeTree(folder)
        try makeFolder(folder)
        let hundred = try child("child-ingest", ["--store", folder + "/12mp-100", "--records", "34"] + photos("12mp").flatMap { ["--photo", $0] })
        memoryDetails["12mp_102"] = hundred
        rows.append(Row(scenario: "4", measure: "peak RSS, lossless ingest (the default) of 102 photos of 12 MP (34 records)",
                        keepsake: mib(int(hundred, "peak_rss_kib")), target: "≤ 100 MiB", met: int(hundred, "peak_rss_kib") <= 100 * 1024))
        for kind in ["3mp", "12mp", "24mp"] {
            let result = try child("child-ingest", ["--store", folder + "/" + kind, "--records", "10"] + photos(kind).flatMap { ["--photo", $0] })
            memoryDetails[kind] = result
            rows.append(Row(scenario: "4", measure: "peak RSS, lossless ingest of 30 photos of \(kind.dropLast(2)) MP", keepsake: mib(int(result, "peak_rss_kib"))))
        }
        let turned = inputs + "/12mp-rot6.jpg"
        if FileManager.default.fileExists(atPath: turned) {
            let result = try child("child-ingest", ["--store", folder + "/rot6", "--records", "10", "--photo", turned])
            memoryDetails["12mp_rot6"] = result
            rows.append(Row(scenario: "4", measure: "peak RSS, lossless ingest of 30 photos of 12 MP with orientation 6 (lossless transform: whole coefficient arrays)",
                            keepsake: mib(int(result, "peak_rss_kib"))))
        }
        for kind in ["12mp", "24mp"] {
            let result = try child("child-ingest", ["--store", folder + "/reencode-" + kind, "--records", kind == "12mp" ? "34" : "10",
                                                    "--policy", "reencode"] + photos(kind).flatMap { ["--photo", $0] })
            memoryDetails["reencode_" + kind] = result
            // The documented bound (BENCHMARKS.md): two photos in flight, each decoded once and read
            // by the encoder and the thumbnails at the same time.
            let bound = 150 + 13 * (kind == "12mp" ? 12 : 24)
            rows.append(Row(scenario: "4", measure: "peak RSS, re-encode ingest of \(int(result, "images")) photos of \(kind.dropLast(2)) MP",
                            keepsake: mib(int(result, "peak_rss_kib")), target: "≤ 150 MiB + 13 MiB/MP = \(bound) MiB",
                            met: int(result, "peak_rss_kib") <= bound * 1024))
        }
        if let size = storeSizes.last {
            let result = try child("child-ingest", ["--store", storePath(size), "--records", "10"] + photos("12mp").flatMap { ["--photo", $0] })
            memoryDetails["12mp_into_\(size)"] = result
            rows.append(Row(scenario: "4", measure: "peak RSS, ingest 30 photos of 12 MP into the \(size / 1000)k-record store",
                            keepsake: mib(int(result, "peak_rss_kib")) + " (\(format(double(result, "images") / double(result, "seconds"))) images/s)"))
        }
        details["memory"] = memoryDetails
    }
}
