import Foundation
import KeepsakeImaging
import KeepsakeStore

extension Runner {
    func openAndRecover() throws {
        guard let size = storeSizes.last else { return }
        let root = storePath(size)
        note("3. open: \(size) records, nothing in flight")
        var opens: [Double] = []
        for _ in 0..<30 {
            let (store, seconds) = try timed { try openStore(root) }
            opens.append(seconds * 1000)
            _ = store
        }
        let idle = Summary(opens)
        rows.append(Row(scenario: "3", measure: "open a \(size / 1000)k-record store, nothing in flight (30 opens), p50 / max",
                        keepsake: ms(idle.p50) + " / " + ms(idle.max), target: "< 50 ms", met: idle.max < 50))

        note("3. recover: \(interruptRounds) rounds of 100 operations killed mid-flight")
        var recoveries: [Double] = []
        var inFlightSeen: [Int] = []
        for _ in 0..<interruptRounds {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: selfExecutable())
            process.arguments = ["child-interrupt", "--store", root, "--ops", "100", "--photo", photos("small")[0]]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.standardError
            try process.run()
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains("READY") {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { throw BenchFailure("child-interrupt ended before READY") }
                seen += chunk
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let inFlight = Int(try run(["sqlite3", "-readonly", root + "/keepsake.sqlite", "SELECT count(*) FROM intent"]).text
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            inFlightSeen.append(inFlight)
            let (store, seconds) = try timed { try openStore(root) }
            recoveries.append(seconds * 1000)
            guard try store.intentsInFlight() == 0 else { throw BenchFailure("recovery left intents behind") }
            guard try store.count(benchCollection) == size else { throw BenchFailure("recovery changed the record count") }
        }
        let staging = (try? FileManager.default.contentsOfDirectory(atPath: root + "/staging")) ?? []
        let recovered = Summary(recoveries)
        rows.append(Row(scenario: "3", measure: "open after a SIGKILL with 100 operations in flight (recovers them all), \(interruptRounds) rounds, p50 / max",
                        keepsake: ms(recovered.p50) + " / " + ms(recovered.max)))

        note("3. fsck: \(size) records")
        let store = try openStore(root)
        let (quick, quickSeconds) = try timed { try store.fsck(repair: false, verifyHashes: false) }
        let (full, fullSeconds) = try timed { try store.fsck(repair: false, verifyHashes: true) }
        let data = store.location.dataDirectory.path, cache = store.location.cacheDirectory.path
        let find = try run(["find", data + "/attachments", cache + "/thumbnails", "-type", "f", "-printf", "%s\\n"], discardStdout: true)
        // The hashing peer: sha256sum over every original (what fsck hashes), found by find.
        let sha256sum = try run(["bash", "-c", "find \"$1\" -type f -print0 | xargs -0 sha256sum", "sha256sum", data + "/attachments"],
                                discardStdout: true)
        rows.append(Row(scenario: "3", measure: "fsck --no-hashes, \(size / 1000)k records, \(quick.filesScanned / 1000)k originals + thumbnails",
                        keepsake: format(quickSeconds) + " s" + (quick.isClean ? ", clean" : ", NOT clean"),
                        peer: "find -type f -printf (same trees, stats every file)", peerValue: format(find.seconds) + " s",
                        ratio: quickSeconds / find.seconds, ratioMeaning: "time, Keepsake / peer", target: "≤ 1.5x", met: quickSeconds / find.seconds <= 1.5))
        rows.append(Row(scenario: "3", measure: "fsck with SHA-256 of every original", keepsake: format(fullSeconds) + " s" + (full.isClean ? ", clean" : ", NOT clean"),
                        peer: "sha256sum of every original (find -print0, xargs -0)", peerValue: format(sha256sum.seconds) + " s",
                        ratio: fullSeconds / sha256sum.seconds, ratioMeaning: "time, Keepsake / peer", target: "≤ 1.5x", met: fullSeconds / sha256sum.seconds <= 1.5))
        rows.append(Row(scenario: "3", measure: "fsck with SHA-256, same", keepsake: format(fullSeconds) + " s",
                        peer: "find, same", peerValue: format(find.seconds) + " s", ratio: fullSeconds / find.seconds, ratioMeaning: "time, Keepsake / peer"))
        details["open_recover"] = ["idle_open": idle.json, "recovery_open": recovered.json, "intents_in_flight_before_open": inFlightSeen,
                                   "staging_entries_after": staging.count,
                                   "fsck_no_hashes_seconds": quickSeconds, "fsck_hashes_seconds": fullSeconds, "find_seconds": find.seconds,
                                   "sha256sum_seconds": sha256sum.seconds,
                                   "fsck_files_scanned": quick.filesScanned, "fsck_attachments_checked": quick.attachmentsChecked,
                                   "fsck_clean": quick.isClean && full.isClean]
    }
}
