import Foundation
import KeepsakeImaging
import KeepsakeStore

/// The mount point to unmount if the run is interrupted (read by the signal handler).
nonisolated(unsafe) private var mountedPath: UnsafeMutablePointer<CChar>?

/// A real full disk: a 4 MB tmpfs mounted as the store, filled with ingests until ENOSPC.
///
/// The error must be `.diskFull`, every acknowledged record must be there exactly (also after
/// reopening on the full disk), fsck clean; then deleting something must work on the full disk and
/// make room for the next ingest. A second fill uses records without images, so that SQLite itself
/// hits ENOSPC. Unmounted at the end, also on SIGINT/SIGTERM. If mounting is not permitted (not
/// root, no CAP_SYS_ADMIN), the part is reported as skipped with the reason.
enum FullDisk {
    static func run(scratch: URL, corpus: URL, figures: Figures, quick: Bool) {
        let mountPoint = scratch.appendingPathComponent("full-disk")
        try? FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        if mount("tmpfs", mountPoint.path, "tmpfs", 0, "size=4m,mode=0755") != 0 {
            figures.skip("real full disk: mounting a 4 MB tmpfs at \(mountPoint.path) failed: \(String(cString: strerror(errno))) (needs root or CAP_SYS_ADMIN)")
            return
        }
        mountedPath = strdup(mountPoint.path)
        let handler: @convention(c) (Int32) -> Void = { signal in
            if let path = mountedPath { umount2(path, Int32(MNT_DETACH)) }
            _exit(128 + signal)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        defer {
            if umount2(mountPoint.path, 0) != 0 { umount2(mountPoint.path, Int32(MNT_DETACH)) }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
            free(mountedPath)
            mountedPath = nil
        }
        say("faults: real full disk: 4 MB tmpfs at \(mountPoint.path)")
        let photo = corpus.appendingPathComponent("exif/Landscape_1.jpg")
        let small = corpus.appendingPathComponent("jpeg/testorig.jpg")
        var acknowledged: [RecordID: String] = [:]

        /// `diskIsFull`: an operation refused for lack of space may have left its journal row (it
        /// stored nothing), which only freed space lets the store remove; after that, none may be left.
        func check(_ store: Store, _ when: String, diskIsFull: Bool = false) {
            do {
                for (id, description) in acknowledged {
                    guard let record = try store.recordIfPresent(id) else {
                        figures.fail("full disk, \(when): acknowledged record \(id) is missing")
                        figures.add("lost")
                        continue
                    }
                    if describeFully(record) != description { figures.fail("full disk, \(when): record \(id) changed: \(describeFully(record))") }
                }
                let report = try store.fsck()
                if !report.isClean { figures.fail("full disk, \(when): fsck: \(report.summaryLine)") }
                let left = try store.intentsInFlight()
                if left != 0 && !diskIsFull { figures.fail("full disk, \(when): \(left) intents left") }
                if left != 0 && diskIsFull { figures.add("full-disk journal rows left until space is freed", left) }
            } catch {
                figures.fail("full disk, \(when): checking failed: \(describe(error))")
            }
        }

        func expectDiskFull(_ what: String, _ body: () throws -> Void) -> Bool {
            do {
                try body()
                return false
            } catch let error as KeepsakeError where error.code == .diskFull {
                figures.add("full-disk refusals (diskFull)")
                return true
            } catch {
                figures.fail("full disk, \(what): expected diskFull, got \(describe(error))")
                return true
            }
        }

        do {
            // 1. Fill with photo ingests until the disk is full.
            var store: Store? = try Store(location: StoreLocation(root: mountPoint), imageProcessor: VipsImageProcessor())
            var ingests = 0
            var full = false
            while !full && ingests < 200 {
                full = expectDiskFull("photo ingest \(ingests + 1)") {
                    let record = try store!.create(RecordDraft(collection: "diary", fields: ["n": .integer(Int64(ingests))], images: [.file(photo)]))
                    acknowledged[record.id] = describeFully(record)
                    ingests += 1
                }
            }
            figures.add("full-disk ingests before ENOSPC", ingests)
            if !full { figures.fail("full disk: 200 ingests never filled 4 MB") }
            // Other operations on the full disk: a typed refusal or success, nothing else.
            if let (id, _) = acknowledged.first {
                _ = expectDiskFull("adding an image on the full disk") {
                    let record = try store!.addImages([.file(photo)], to: id)
                    acknowledged[id] = describeFully(record)
                }
                _ = expectDiskFull("replacing an image on the full disk") {
                    let record = try store!.replaceImage(of: id, at: 0, with: .file(small))
                    acknowledged[id] = describeFully(record)
                }
            }
            check(store!, "after filling with photos", diskIsFull: true)
            // 2. Fill the rest with records without images, so SQLite's own writes hit ENOSPC.
            var textRecords = 0
            let text = String(repeating: "keepsake ", count: 6_000)
            full = false
            while !full && textRecords < 2_000 {
                full = expectDiskFull("record without images \(textRecords + 1)") {
                    let record = try store!.create(RecordDraft(collection: "ledger", fields: ["memo": .string(text + String(textRecords))]))
                    acknowledged[record.id] = describeFully(record)
                    textRecords += 1
                }
            }
            figures.add("full-disk text records before ENOSPC", textRecords)
            // And the last bytes, with tiny records: the disk is now completely full.
            full = false
            var tiny = 0
            while !full && tiny < 20_000 {
                full = expectDiskFull("tiny record \(tiny + 1)") {
                    let record = try store!.create(RecordDraft(collection: "ledger", fields: ["n": .integer(Int64(tiny))]))
                    acknowledged[record.id] = describeFully(record)
                    tiny += 1
                }
            }
            figures.add("full-disk tiny records before ENOSPC", tiny)
            var space = statvfs()
            statvfs(mountPoint.path, &space)
            figures.note("free space on the full disk", "\(Int(space.f_bavail) * Int(space.f_frsize)) bytes")
            check(store!, "after filling the database", diskIsFull: true)

            // 3. Reopen on the full disk: recovery and reads work.
            store = nil
            store = try Store(location: StoreLocation(root: mountPoint), imageProcessor: VipsImageProcessor())
            check(store!, "after reopening on the full disk", diskIsFull: true)

            // 4. Deleting works on the full disk and makes room again.
            let photos = acknowledged.keys.filter { (try? store!.record($0).images.isEmpty) == false }.sorted().prefix(3)
            for id in photos {
                do {
                    try store!.purge(id)
                    acknowledged[id] = nil
                    figures.add("purges on the full disk")
                } catch {
                    figures.fail("full disk: purging record \(id) on the full disk failed: \(describe(error)); a full store must be able to free space")
                }
            }
            do {
                let record = try store!.create(RecordDraft(collection: "diary", fields: ["after": .bool(true)], images: [.file(photo)]))
                acknowledged[record.id] = describeFully(record)
                figures.add("ingests after freeing space")
            } catch {
                figures.fail("full disk: ingesting after deleting three photos failed: \(describe(error))")
            }
            check(store!, "after freeing space")
            store = nil
            do {
                let reopened = try Store(location: StoreLocation(root: mountPoint), imageProcessor: VipsImageProcessor())
                check(reopened, "at the end")
            }
            readOnly(mountPoint, figures: figures, photo: photo, check: { check($0, $1) })
        } catch {
            figures.fail("full disk: \(describe(error))")
        }
    }

    /// The same file system remounted read-only: every operation gives a typed `readOnly` error
    /// (opening included: an instance needs its lock file), and once writable again the store is
    /// as it was.
    static func readOnly(_ mountPoint: URL, figures: Figures, photo: URL, check: (Store, String) -> Void) {
        guard mount("tmpfs", mountPoint.path, "tmpfs", UInt(MS_REMOUNT) | UInt(MS_RDONLY), "size=4m") == 0 else {
            figures.skip("read-only store: remounting read-only failed: \(String(cString: strerror(errno)))")
            return
        }
        defer { _ = mount("tmpfs", mountPoint.path, "tmpfs", UInt(MS_REMOUNT), "size=4m") }
        say("faults: real read-only store: the tmpfs remounted read-only")
        func expectReadOnly(_ what: String, _ body: () throws -> Void) {
            do {
                try body()
                figures.fail("read-only store: \(what) succeeded")
            } catch let error as KeepsakeError where error.code == .readOnly {
                figures.add("read-only refusals (readOnly)")
            } catch {
                figures.fail("read-only store: \(what): expected readOnly, got \(describe(error))")
            }
        }
        var opened: Store?
        expectReadOnly("opening") { opened = try Store(location: StoreLocation(root: mountPoint), imageProcessor: VipsImageProcessor()) }
        if let store = opened {
            expectReadOnly("an ingest") { try store.create(RecordDraft(collection: "diary", images: [.file(photo)])) }
        }
        opened = nil
        guard mount("tmpfs", mountPoint.path, "tmpfs", UInt(MS_REMOUNT), "size=4m") == 0 else {
            figures.fail("read-only store: remounting read-write failed: \(String(cString: strerror(errno)))")
            return
        }
        do {
            check(try Store(location: StoreLocation(root: mountPoint), imageProcessor: VipsImageProcessor()), "after the read-only spell")
        } catch {
            figures.fail("read-only store: reopening once writable: \(describe(error))")
        }
    }
}
