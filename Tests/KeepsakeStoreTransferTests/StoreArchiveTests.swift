import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeStore
@testable import KeepsakeStoreTransfer
import KeepsakeSupport

@Suite struct StoreArchiveTests {
    func fill(_ store: Store) throws -> [Record] {
        var records: [Record] = []
        records.append(try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: 1_700_000_000),
                                                    fields: ["title": .string("피크닉"), "tags": .strings(["a", "b"])],
                                                    images: Corpus.smallImages.prefix(3).map(ImageSource.file))))
        records.append(try store.create(RecordDraft(collection: "ledger", fields: ["amount": .integer(1234)], images: [.file(Corpus.smallImages[3])])))
        let trashed = try store.create(RecordDraft(collection: "feed", fields: ["title": .string("gone")], images: [.file(Corpus.smallImages[4])]))
        records.append(try store.trash(trashed.id))
        records.append(try store.create(RecordDraft(collection: "feed", fields: ["title": .string("no images")])))
        return records
    }

    @Test func exportThenImportIntoAnEmptyStoreKeepsEveryRecordAndEveryImageHash() throws {
        let source = TemporaryDirectory("export-source")
        let target = TemporaryDirectory("export-target")
        let files = TemporaryDirectory("archives")
        let from = try TestStores.open(source)
        let records = try fill(from)
        let archive = files.appending("store.tar.gz")
        let summary = try StoreArchive(store: from).export(to: archive)
        #expect(summary.records == 4)
        #expect(summary.images == 5)

        let to = try TestStores.open(target)
        let imported = try StoreArchive(store: to).import(from: archive)
        #expect(imported.imported == 4 && imported.skipped == 0 && imported.images == 5)
        for record in records {
            let copy = try to.record(record.id)
            #expect(copy.fields == record.fields)
            #expect(copy.date == record.date)
            #expect(copy.isTrashed == record.isTrashed)
            #expect(copy.createdAt == record.createdAt)
            #expect(copy.images.map(\.sha256) == record.images.map(\.sha256))
            #expect(copy.images.map(\.sourceSHA256) == record.images.map(\.sourceSHA256))
            #expect(copy.images.map(\.path) == record.images.map(\.path))
            for image in copy.images {
                #expect(SHA256.hex(try to.originalData(of: image)) == image.sha256)
            }
        }
        #expect(try to.fsck().isClean)
        #expect(try to.search("피크닉", in: "diary").map(\.id) == [records[0].id])

        // Again, into the same store: nothing is duplicated.
        let again = try StoreArchive(store: to).import(from: archive)
        #expect(again.imported == 0 && again.skipped == 4)
        #expect(try to.status().totalRecords == 4)

        // Into a non-empty store: new records added, existing ones untouched.
        let other = TemporaryDirectory("export-other")
        let third = try TestStores.open(other)
        let own = try third.create(RecordDraft(collection: "diary", fields: ["title": .string("mine")]))
        #expect(try StoreArchive(store: third).import(from: archive).imported == 4)
        #expect(try third.record(own.id).fields["title"] == .string("mine"))
        #expect(try third.status().totalRecords == 5)
    }

    @Test func anExistingFileIsNeverOverwrittenByAnExport() throws {
        let dir = TemporaryDirectory("export-exists")
        let store = try TestStores.open(dir)
        let target = dir.appending("taken.tar.gz")
        try Data("keep me".utf8).write(to: target)
        #expect { try StoreArchive(store: store).export(to: target) } throws: { ($0 as? KeepsakeError)?.code == .invalidArgument }
        #expect(try Data(contentsOf: target) == Data("keep me".utf8))
    }

    /// Builds a tar.gz with Python's tarfile: lets the test plant entries that Keepsake never writes.
    /// A store filled by ``fill(_:)`` exported as `valid.tar.gz` into a new folder named after
    /// `label`, and that folder (for more archives made from it).
    func exportedArchive(_ label: String) throws -> (files: TemporaryDirectory, valid: URL) {
        let source = TemporaryDirectory("\(label)-source")
        let files = TemporaryDirectory("\(label)-files")
        let from = try TestStores.open(source)
        _ = try fill(from)
        let valid = files.appending("valid.tar.gz")
        try StoreArchive(store: from).export(to: valid)
        return (files, valid)
    }

    func hostileArchive(_ dir: TemporaryDirectory, from valid: URL, plant script: String) throws -> URL {
        let out = dir.appending("hostile-\(UUID().uuidString.prefix(6)).tar.gz")
        let program = """
            import io, sys, tarfile
            src = tarfile.open(sys.argv[1]); dst = tarfile.open(sys.argv[2], "w:gz")
            for m in src.getmembers():
                dst.addfile(m, src.extractfile(m) if m.isfile() else None)
            def add(name, data=b"x", kind=None, link=None):
                info = tarfile.TarInfo(name); info.size = len(data)
                if kind: info.type = kind; info.size = 0
                if link: info.linkname = link
                dst.addfile(info, None if kind else io.BytesIO(data))
            \(script)
            dst.close()
            """
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", program, valid.path, out.path])
        #expect(result.status == 0, "\(result.stderr)")
        return out
    }

    @Test(arguments: [
        "add('../escape.txt')",
        "add('/etc/passwd-copy')",
        "add('images/diary/../../x')",
        "add('records/diary/link.json', kind=tarfile.SYMTYPE, link='/etc/passwd')",
        "add('images/diary/00000000-0000-4000-8000-000000000000/h', kind=tarfile.LNKTYPE, link='keepsake-export.json')",
        "add('notes.txt')",
        "add('images/diary/not-a-uuid/image_0-x.jpg')",
        "add('images/diary/11111111-1111-4111-8111-111111111111/image_9-extra.jpg')",
        "add('images/diary/a\\x00b/c')",
    ])
    func hostileArchivesAreRefusedWholeAndChangeNothing(_ plant: String) throws {
        let (files, valid) = try exportedArchive("hostile")
        let hostile = try hostileArchive(files, from: valid, plant: plant)

        let target = TemporaryDirectory("hostile-target")
        let to = try TestStores.open(target)
        let before = try StoreSnapshot(to)
        #expect(throws: KeepsakeError.self) { try StoreArchive(store: to).import(from: hostile) }
        #expect(try StoreSnapshot(to) == before)
        #expect(try to.status().totalRecords == 0)
        #expect(!FileManager.default.fileExists(atPath: target.url.deletingLastPathComponent().appendingPathComponent("escape.txt").path))
    }

    @Test func aDamagedImageInTheArchiveRefusesTheImport() throws {
        let (files, valid) = try exportedArchive("damaged")
        // Rewrite the archive with one image's bytes flipped.
        let damaged = try hostileArchive(files, from: valid, plant: "pass")
        let program = """
            import io, sys, tarfile
            src = tarfile.open(sys.argv[1]); dst = tarfile.open(sys.argv[2], "w:gz"); done = False
            for m in src.getmembers():
                data = src.extractfile(m).read()
                if m.name.startswith("images/") and not done:
                    data = bytes([data[0] ^ 0xFF]) + data[1:]; done = True
                dst.addfile(m, io.BytesIO(data))
            dst.close()
            """
        let out = files.appending("damaged2.tar.gz")
        #expect(try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", program, damaged.path, out.path]).status == 0)
        let target = TemporaryDirectory("damaged-target")
        let to = try TestStores.open(target)
        #expect { try StoreArchive(store: to).import(from: out) } throws: { ($0 as? KeepsakeError)?.code == .corruptImage }
        #expect(try to.status().totalRecords == 0)
        #expect { try StoreArchive(store: to).import(from: files.appending("missing.tar.gz")) } throws: { $0 is KeepsakeError }
    }
}
