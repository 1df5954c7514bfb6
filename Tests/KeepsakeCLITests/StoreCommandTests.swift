import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeStore

/// End-to-end: the built `keepsake` binary on fresh stores.
@Suite struct StoreCommandTests {
    let keepsake = Binaries.url("keepsake")

    @Test func statusOnAFreshStoreShowsWhereThingsLive() throws {
        let dir = TemporaryDirectory("cli")
        let result = try runProcess(keepsake, ["--store", dir.path, "status"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Database:  sqlite \(dir.url.standardizedFileURL.path)/keepsake.sqlite"))
        #expect(result.stdout.contains("Images:    folder \(dir.url.standardizedFileURL.path) (originals \(dir.url.standardizedFileURL.path)/attachments"))
        #expect(result.stdout.contains("Records:   none yet"))
        #expect(FileManager.default.fileExists(atPath: dir.appending("keepsake.sqlite").path))
    }

    @Test func statusJSONCountsRecordsMadeByTheLibrary() throws {
        let dir = TemporaryDirectory("cli")
        do {
            let store = try TestStores.open(dir)
            try store.create(RecordDraft(collection: "diary", images: [.file(Corpus.smallImages[0])]))
        }
        let result = try runProcess(keepsake, ["status", "--json", "--store", dir.path])
        #expect(result.status == 0, "\(result.stderr)")
        let status = try JSONDecoder().decode(StoreStatus.self, from: Data(result.stdout.utf8))
        #expect(status.totalRecords == 1)
        #expect(status.totalImages == 1)
    }

    @Test func keepsakeHomeSelectsTheStore() throws {
        let dir = TemporaryDirectory("cli-home")
        var environment = ProcessInfo.processInfo.environment
        environment["KEEPSAKE_HOME"] = dir.path
        let result = try runProcess(keepsake, ["status", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(dir.url.standardizedFileURL.path))
    }

    @Test func fsckReportsAndRepairsAnOrphanAndAMissingFile() throws {
        let dir = TemporaryDirectory("cli")
        var record: Record
        do {
            let store = try TestStores.open(dir)
            record = try store.create(RecordDraft(collection: "diary", images: Corpus.smallImages.prefix(2).map(ImageSource.file)))
        }
        let clean = try runProcess(keepsake, ["--store", dir.path, "fsck"])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.contains("Clean."))

        let folder = dir.appending(record.images[0].path.parentComponents.joined(separator: "/"))
        try Data("stray".utf8).write(to: folder.appendingPathComponent("image_99-stray.jpg"))
        try FileManager.default.removeItem(at: dir.appending(record.images[1].path.string))

        let dirty = try runProcess(keepsake, ["--store", dir.path, "fsck"])
        #expect(dirty.status == 1)
        #expect(dirty.stdout.contains("Dangling references: 1"))
        #expect(dirty.stdout.contains("Orphan files: 1"))
        #expect(dirty.stdout.contains("image_99-stray.jpg"))

        let repaired = try runProcess(keepsake, ["--store", dir.path, "fsck", "--repair", "--json"])
        #expect(repaired.status == 0, "\(repaired.stdout)\(repaired.stderr)")
        let report = try JSONDecoder().decode(FsckReport.self, from: Data(repaired.stdout.utf8))
        #expect(report.repairs.count == 2)
        #expect(report.repairs.contains { $0.contains("lost+found") })
        let found = try FileManager.default.subpathsOfDirectory(atPath: dir.appending("lost+found").path)
        #expect(found.contains { $0.hasSuffix("image_99-stray.jpg") }, "the orphan was kept, not deleted")
        #expect(try runProcess(keepsake, ["--store", dir.path, "fsck"]).status == 0)
    }

    /// A store made before accounts keeps its photos under `attachments/<collection>/`: fsck lists
    /// them, still calling the store clean, and `--repair` moves them into their books' folders.
    @Test func fsckListsPhotosStoredBeforeBooksHadFoldersAndRepairMovesThem() throws {
        let dir = TemporaryDirectory("cli-book-folders")
        let fixture = Corpus.repositoryRoot.appendingPathComponent("Tests/Fixtures/before-accounts/store-before-accounts.tar.gz")
        let unpacked = try runProcess(URL(fileURLWithPath: "/usr/bin/tar"), ["-xzf", fixture.path, "-C", dir.path])
        #expect(unpacked.status == 0, "\(unpacked.stderr)")

        let before = try runProcess(keepsake, ["--store", dir.path, "fsck"])
        #expect(before.status == 0, "\(before.stdout)\(before.stderr)")
        #expect(before.stdout.contains("Images outside their book's folder (stored before books had folders; --repair moves them): 5"), "\(before.stdout)")
        #expect(before.stdout.contains("attachments/diary/"))

        let repaired = try runProcess(keepsake, ["--store", dir.path, "fsck", "--repair", "--json"])
        #expect(repaired.status == 0, "\(repaired.stdout)\(repaired.stderr)")
        let report = try JSONDecoder().decode(FsckReport.self, from: Data(repaired.stdout.utf8))
        #expect(report.repairs.filter { $0.contains("into its book's folder") }.count == 3, "\(report.repairs)")

        let after = try runProcess(keepsake, ["--store", dir.path, "fsck"])
        #expect(after.status == 0 && after.stdout.contains("Clean."), "\(after.stdout)")
        #expect(!after.stdout.contains("outside their book"))
        for collection in ["diary", "ledger", "feed"] {
            let left = (try? FileManager.default.subpathsOfDirectory(atPath: dir.appending("attachments/\(collection)").path)) ?? []
            #expect(left.isEmpty, "\(collection): \(left)")
        }
    }

    @Test func fsckReportsTheLedgersOwnProblemsInTextAndJSON() throws {
        let dir = TemporaryDirectory("cli")
        func run(_ arguments: [String]) throws -> ProcessResult {
            let result = try runProcess(keepsake, ["--store", dir.path] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result
        }
        _ = try run(["ledger", "account", "add", "--name", "Bank", "--kind", "bank", "--currency", "KRW"])
        let wallet = try run(["ledger", "account", "add", "--name", "Wallet", "--currency", "KRW", "--json"])
        let walletID = try #require(try JSONSerialization.jsonObject(with: Data(wallet.stdout.utf8)) as? [String: Any])["id"] as? String
        _ = try run(["ledger", "transfer", "--from", "Bank", "--to", "Wallet", "--amount", "1000", "--date", "2025-03-01"])
        #expect(try run(["fsck"]).stdout.contains("Clean."))
        do {
            let store = try TestStores.open(dir)
            try store.purge(try RecordID(parsing: try #require(walletID)))   // outside the ledger, which refuses it
        }
        let text = try runProcess(keepsake, ["--store", dir.path, "fsck"])
        #expect(text.status == 1)
        #expect(text.stdout.contains("Transfers with a missing account: 1") && text.stdout.contains("missing to account \(walletID ?? "")"), "\(text.stdout)")
        let json = try runProcess(keepsake, ["--store", dir.path, "fsck", "--json"])
        #expect(json.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["isClean"] as? Bool == false)
        let problems = try #require(report["ledgerProblems"] as? [[String: Any]])
        #expect(problems.count == 1 && problems.first?["kind"] as? String == "transferMissingAccount", "\(json.stdout)")
    }

    @Test func usageErrorsExitWithTwoAndOneSentenceOnStderr() throws {
        let dir = TemporaryDirectory("cli")
        for arguments in [["--store", dir.path, "frobnicate"], ["--store", dir.path, "status", "--bogus"], ["--store"], ["status", "extra"]] {
            let result = try runProcess(keepsake, arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("keepsake: "))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func errorsExitWithOneAndSayWhatToDo() throws {
        let dir = TemporaryDirectory("cli")
        try Data("not a folder".utf8).write(to: dir.appending("file"))
        let result = try runProcess(keepsake, ["--store", dir.appending("file").path, "status"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("something other than a folder"))
    }

    @Test func everyCommandHasHelpWithExamples() throws {
        for arguments in [["--help"], ["status", "--help"], ["fsck", "--help"]] {
            let result = try runProcess(keepsake, arguments)
            #expect(result.status == 0)
            #expect(result.stdout.contains("Usage:") || result.stdout.contains("Usage"))
            #expect(result.stdout.contains("Examples:"))
        }
    }
}
