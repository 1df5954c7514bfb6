import Foundation
import KeepsakeImageCache
import KeepsakeImaging
import KeepsakeStore
import KeepsakeStoreTransfer

extension HostileNamesTorture {
    static func checkTamperedDatabase(scratch: URL, images: [URL], figures: Figures) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else {
            figures.skip("tampered database paths: /usr/bin/sqlite3 is not installed")
            return
        }
        let tampers: [(String, String)] = [
            ("an attachment path with ..", "UPDATE attachment SET path = 'attachments/diary/../../SREL/keep.png' WHERE position = 0"),
            ("an absolute attachment path", "UPDATE attachment SET path = 'SABS/keep.png' WHERE position = 0"),
            ("an attachment path starting with ..", "UPDATE attachment SET path = 'SREL/keep.png' WHERE position = 0"),
            ("a record id with ..", "UPDATE record SET id = 'SREL' WHERE collection = 'diary'"),
            ("a collection name with ..", "UPDATE record SET collection = 'SREL' WHERE collection = 'diary'"),
            ("a journal entry of a dead process naming a file outside",
             "INSERT INTO intent (id, owner, kind, record_id, state, created_at) VALUES ('evil', 'dead-owner', 'purge', NULL, 'committed', 0); "
                + "INSERT INTO intent_file (intent_id, path, role, thumbnail_format) VALUES ('evil', 'SREL/keep.png', 'obsolete', 'jpeg')"),
            ("a journal entry of a dead process naming an absolute path",
             "INSERT INTO intent (id, owner, kind, record_id, state, created_at) VALUES ('evil', 'dead-owner', 'create', NULL, 'pending', 0); "
                + "INSERT INTO intent_file (intent_id, path, role, thumbnail_format) VALUES ('evil', 'SABS/keep.png', 'new', 'jpeg')"),
        ]
        for (index, tamper) in tampers.enumerated() {
            let root = scratch.appendingPathComponent("tamper-\(index)")
            let sentinel = makeSentinel(scratch.appendingPathComponent("tamper-sentinel-\(index)"))
            let before = fingerprint(sentinel.path)
            do {
                var record: Record
                do {
                    let store = try Store(location: StoreLocation(root: root), imageProcessor: VipsImageProcessor())
                    record = try store.create(RecordDraft(collection: "diary", images: [.file(images[0]), .file(images[1])]))
                }
                // SREL: the sentinel relative to the store folder; SABS: its absolute path.
                let sql = tamper.1.replacingOccurrences(of: "SREL", with: "../" + sentinel.lastPathComponent)
                    .replacingOccurrences(of: "SABS", with: sentinel.path)
                let (status, output) = try run(URL(fileURLWithPath: "/usr/bin/sqlite3"), [root.appendingPathComponent("keepsake.sqlite").path, sql])
                guard status == .exited(0) else {
                    figures.fail("tampering (\(tamper.0)) with sqlite3 failed: \(output)")
                    continue
                }
                var opened: Store?
                func attempt(_ what: String, _ body: () throws -> Void) {
                    figures.add("operations on a tampered database")
                    do { try body() } catch let error as KeepsakeError {
                        checkMessage(error, "\(tamper.0): \(what)", figures: figures)
                    } catch {
                        figures.fail("\(tamper.0): \(what) threw an untyped error \(error)")
                    }
                }
                attempt("opening") { opened = try Store(location: StoreLocation(root: root), imageProcessor: VipsImageProcessor()) }
                if let store = opened {
                    attempt("reading the record") { record = try store.record(record.id) }
                    attempt("listing") { _ = try store.list(RecordQuery(collection: "diary")) }
                    attempt("reading an original") { _ = try store.originalData(of: record.images[0]) }
                    attempt("removing an image") { try store.removeImage(of: record.id, at: 0) }
                    attempt("purging") { try store.purge(record.id) }
                    attempt("fsck") { _ = try store.fsck() }
                    attempt("fsck --repair") { _ = try store.fsck(repair: true) }
                    attempt("status") { _ = try store.status() }
                }
                figures.add("database tampers")
            } catch {
                figures.fail("\(tamper.0): \(describe(error))")
            }
            let after = fingerprint(sentinel.path)
            if after != before { figures.fail("\(tamper.0): the sentinel outside the store changed: \(diff(before, after))") }
        }
    }
}
