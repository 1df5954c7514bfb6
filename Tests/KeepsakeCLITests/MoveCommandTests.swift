import Foundation
import Testing
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

/// `keepsake move`: its refusals and exit codes in-process, and the built binary moving a store to
/// PostgreSQL + S3, killed with SIGKILL midway, run again to the end, and moved back.
@Suite struct MoveCommandTests {
    /// `count` records in the collection `test`, each with one or two photos.
    static func fill(_ store: Store, count: Int) throws -> [Record] {
        try (0..<count).map { index in
            let images = (0..<(1 + index % 2)).map { ImageSource.file(Corpus.smallImages[(index + $0) % Corpus.smallImages.count]) }
            return try store.create(RecordDraft(collection: "test", date: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)),
                                                fields: ["n": .integer(Int64(index))], images: images))
        }
    }

    /// Expects `copy` to hold each of `records` with the same dates, fields, trash state and photos.
    static func expectSame(_ copy: Store, as records: [Record], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try copy.status().totalRecords == records.count, sourceLocation: sourceLocation)
        for record in records {
            let twin = try copy.record(record.id)
            #expect(twin.date == record.date && twin.fields == record.fields && twin.createdAt == record.createdAt
                    && twin.updatedAt == record.updatedAt && twin.trashedAt == record.trashedAt, sourceLocation: sourceLocation)
            #expect(twin.images.map(\.sha256) == record.images.map(\.sha256), sourceLocation: sourceLocation)
            for image in twin.images {
                #expect(SHA256.hex(try copy.originalData(of: image)) == image.sha256, sourceLocation: sourceLocation)
            }
        }
    }

    @Test func refusalsExitWithTheirCodesAndOneSentenceAndATargetMayBeAddedToWhenAllowed() async throws {
        let cli = CLI("move-refusals")
        let source = try TestStores.open(cli.directory)
        let records = try Self.fill(source, count: 3)

        try await cli.fails(2, ["move"], containing: "--to-store")
        try await cli.fails(1, ["move", "--to-store", cli.store], containing: "same store")

        let fullFolder = TemporaryDirectory("move-full")
        let full = try TestStores.open(fullFolder)
        let own = try full.create(RecordDraft(collection: "diary", fields: ["title": .string("mine")]))
        try await cli.fails(3, ["move", "--to-store", fullFolder.path], containing: "is not empty")
        #expect(try full.status().totalRecords == 1)
        let added = try await cli.ok(["move", "--to-store", fullFolder.path, "--into-non-empty"])
        #expect(added.hasPrefix("Moved 3 records with 4 photos ("), "\(added)")
        #expect(added.hasSuffix("3 records identical in both stores, the target's 1 other records kept; the target's check (fsck) is clean.\n"), "\(added)")
        #expect(try full.record(own.id).fields["title"] == .string("mine"))

        // A damaged photo in this store: exit 1, naming its record; nothing of it is in the target.
        try EmbeddedStorePlace(directory: cli.directory).damage(records[1].images[0].path)
        let damagedFolder = TemporaryDirectory("move-damaged")
        let damaged = try await cli.run(["move", "--to-store", damagedFolder.path])
        // The progress of the check before the copy comes first; the error is the last line.
        let lastLine = damaged.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(damaged.status == 1 && lastLine.hasPrefix("keepsake: ") && lastLine.contains("\(records[1].id)")
                && lastLine.contains("does not match the size and SHA-256"), "\(damaged.stderr)")
        #expect(try TestStores.open(damagedFolder).recordIfPresent(records[1].id) == nil)
    }

    /// Polls `target` until it holds `count` records or `process` ends (synchronously, as the
    /// killed import's test does: a sleeping task could miss the moment on a busy machine); returns
    /// how long each record after the first took, on average.
    static func waitForRecords(_ count: Int, in target: Store, while process: Process) throws -> TimeInterval {
        let deadline = Date().addingTimeInterval(300)
        var first: Date?
        while Date() < deadline, process.isRunning {
            let held = try target.status().totalRecords
            if held >= 1, first == nil { first = Date() }
            if held >= count { break }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return first.map { Date().timeIntervalSince($0) / Double(max(count - 1, 1)) } ?? 0.1
    }

    @Test func theBuiltBinaryMovesAStoreToPostgresAndS3ResumesAfterKill9AndMovesItBack() throws {
        let cli = CLI("move-binary")
        let source = try TestStores.open(cli.directory)
        let records = try Self.fill(source, count: 20)
        let place = try PostgresS3StorePlace(label: "cli-move-target")
        let (metadata, password) = try DistributedBinaryTests.withoutPassword(place.postgres.url)
        let targetStore = ["--store", place.directory.path, "--metadata", metadata, "--blobs", place.s3.blobsURL()]
        let move = ["--store", cli.store, "move", "--to-store", place.directory.path, "--to-metadata", metadata, "--to-blobs", place.s3.blobsURL()]
        var environment = cli.environment.merging(place.storeEnvironment) { $1 }
        environment["PGPASSWORD"] = password
        #expect(!move.joined(separator: " ").contains(password))

        // Killed with SIGKILL once a few records are in the target.
        let process = Process()
        process.executableURL = cli.binary
        process.arguments = move
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let target = try place.open()
        // A random moment shorter than one record takes, so the kill lands inside the next one.
        let pace = try Self.waitForRecords(4, in: target, while: process)
        usleep(UInt32.random(in: 0...UInt32(pace * 1_000_000)))
        #expect(process.isRunning, "the move finished before it could be killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let partial = try target.status().totalRecords
        #expect((4..<20).contains(partial), "\(partial) records at the kill")

        // The same command again resumes: what is there is skipped, the rest copied and checked.
        let resumed = try runProcess(cli.binary, move, environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.hasPrefix("Resumed an unfinished move: copied \(20 - partial) records with "), "\(resumed.stdout)")
        #expect(resumed.stdout.contains(", \(partial) already there in "), "\(resumed.stdout)")
        #expect(resumed.stdout.hasSuffix("20 records identical in both stores; the target's check (fsck) is clean.\n"), "\(resumed.stdout)")
        #expect(resumed.stderr.contains("move: ") && resumed.stderr.contains("fsck: "), "progress on standard error: \(resumed.stderr)")
        try Self.expectSame(target, as: records)
        let fsck = try runProcess(cli.binary, targetStore + ["fsck"], environment: environment)
        #expect(fsck.status == 0 && fsck.stdout.hasSuffix("Clean.\n"), "\(fsck.stdout)\(fsck.stderr)")

        // Finished, the target is an ordinary store that is not empty: exit 3.
        let again = try runProcess(cli.binary, move, environment: environment)
        #expect(again.status == 3 && again.stderr.hasPrefix("keepsake: ") && again.stderr.contains("is not empty"), "\(again.stderr)")

        // And back into a new folder, the source named by the environment (which the target never
        // takes: otherwise it would be the same store), with --json.
        let home = TemporaryDirectory("move-home")
        var fromVariables = environment
        fromVariables["KEEPSAKE_HOME"] = place.directory.path
        fromVariables["KEEPSAKE_METADATA_URL"] = metadata
        fromVariables["KEEPSAKE_BLOBS_URL"] = place.s3.blobsURL()
        let back = try runProcess(cli.binary, ["move", "--to-store", home.path, "--json"], environment: fromVariables)
        #expect(back.status == 0, "\(back.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(back.stdout.utf8)) as? [String: Any], "\(back.stdout)")
        #expect(report["records"] as? Int == 20 && report["skipped"] as? Int == 0 && report["resumed"] as? Bool == false)
        #expect(report["images"] as? Int == records.reduce(0) { $0 + $1.images.count })
        try Self.expectSame(try TestStores.open(home), as: records)
    }
}
