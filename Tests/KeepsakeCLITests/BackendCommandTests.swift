import Foundation
import Testing
import KeepsakeStore
import KeepsakeTestSupport

/// The same commands on every backend pair: `--store DIR` alone (SQLite and a folder), with
/// `--metadata postgresql://…` (the test PostgreSQL), with `--blobs s3://…` (the test radosgw),
/// or both. In-process, with the pair's credentials in the command's environment only.
@Suite struct BackendCommandTests {
    let photos = Corpus.smallImages
    let receipt = Corpus.url("exif/Landscape_1.jpg")

    /// The kind `keepsake status` names for each side of `backend`.
    static func kinds(_ backend: StoreBackend) -> (metadata: String, blobs: String) {
        let parts = backend.name.split(separator: "+")
        return (parts[0] == "postgres" ? "postgresql" : "sqlite", String(parts[1]))
    }

    @Test(arguments: StoreBackends.all)
    func everyCommandWorksTheSameOnEveryPair(_ backend: StoreBackend) async throws {
        let place = try backend.makePlace("cli-\(backend.name)")
        let cli = CLI(place: place)
        let (metadataKind, blobsKind) = Self.kinds(backend)

        let fresh = try await cli.ok(["status"])
        #expect(fresh.contains("Database:  \(metadataKind) ") && fresh.contains("Images:    \(blobsKind) ") && fresh.contains("Records:   none yet"), "\(fresh)")

        // Diary: photos, photo operations, list, search, show.
        struct Entry: Decodable { let id: String; let images: [Image] }
        struct Image: Decodable { let sha256: String }
        let entry = try await cli.json(Entry.self, ["diary", "add", "--emotion", "joy", "--title", "첫눈", "--text", "Snow at last", "--tag", "winter",
                                                    "--at", "2026-11-29T09:00", "--image", photos[0].path, "--image", photos[1].path])
        #expect(entry.images.count == 2)
        let grown = try await cli.json(Entry.self, ["diary", "images", entry.id, "add", photos[2].path])
        #expect(grown.images.count == 3)
        let moved = try await cli.json(Entry.self, ["diary", "images", entry.id, "move", "2", "0"])
        #expect(moved.images.map(\.sha256) == [grown.images[2], grown.images[0], grown.images[1]].map(\.sha256))
        #expect(try await cli.ok(["diary", "list"]).contains("\(entry.id)  2026-11-29T09:00:00+09:00  joy/3        3 photos   첫눈"))
        #expect(try await cli.ok(["diary", "search", "snow"]).contains(entry.id))
        let shown = try await cli.ok(["diary", "show", entry.id])
        #expect(shown.contains("Photos:    3") && shown.contains("  [2] "), "\(shown)")

        // Ledger with a receipt, feed with photos re-encoded.
        let spent = try #require(printedID(try await cli.ok(["ledger", "add", "--amount", "12000", "--category", "식비", "--date", "2026-11-03",
                                                             "--receipt", receipt.path])))
        #expect(try await cli.ok(["ledger", "list", "--month", "2026-11"]).contains("KRW  income 0  expense 12000  balance -12000  (1 transaction)"))
        #expect(try await cli.ok(["ledger", "show", spent]).contains("Receipt:"))
        let posted = try await cli.ok(["feed", "post", "--title", "Ramen", "--reencode", "--image", photos[3].path, "--date", "2026-11-20"])
        let post = try #require(printedID(posted))
        #expect(try await cli.ok(["feed", "list"]).contains(post))

        // The trash, thumbnails, the check.
        let doomed = try #require(printedID(try await cli.ok(["diary", "add", "--emotion", "calm", "--text", "gone soon", "--image", photos[4].path])))
        try await cli.ok(["diary", "delete", doomed])
        #expect(try await cli.ok(["trash", "list"]).contains(doomed))
        #expect(try await cli.ok(["trash", "purge"]) == "Purged 1 records from the trash.\n")
        #expect(try await cli.ok(["thumbnails", "rebuild"]).contains("5 images"))
        let check = try await cli.ok(["fsck"])
        #expect(check.contains("Checked 3 records, 5 images") && check.hasSuffix("Clean.\n"), "\(check)")
        struct Check: Decodable { let isClean: Bool; let recordsChecked: Int }
        let checked = try await cli.json(Check.self, ["fsck"])
        #expect(checked.isClean && checked.recordsChecked == 3)

        // The counts, and an archive that another store reads back whole.
        let status = try CLI.decoder.decode(StoreStatus.self, from: Data(try await cli.ok(["status", "--json"]).utf8))
        #expect(status.totalRecords == 3 && status.totalImages == 5)
        #expect(status.metadata.kind == metadataKind && status.blobs.kind == blobsKind)
        let archive = place.directory.appending("export.tar.gz").path
        try await cli.ok(["export", archive])
        let copy = CLI("cli-copy")
        try await copy.ok(["import", archive])
        #expect(try await copy.ok(["diary", "show", entry.id]).contains("Photos:    3"))
        #expect(try await copy.ok(["fsck"]).hasSuffix("Clean.\n"))

        // A distributed side keeps nothing of the store in the local folder.
        if metadataKind == "postgresql" { #expect(!FileManager.default.fileExists(atPath: place.directory.appending("keepsake.sqlite").path)) }
        if blobsKind == "s3" { #expect(!FileManager.default.fileExists(atPath: place.directory.appending("attachments").path)) }
    }

    @Test func theEnvironmentNamesTheBackendsAndTheFlagsWinOverIt() async throws {
        let place = try PostgresS3StorePlace(label: "cli-environment")
        let blobs = place.s3.blobsURL()
        // Only the environment: KEEPSAKE_METADATA_URL and KEEPSAKE_BLOBS_URL.
        var environment = CLI(place: place).environment
        environment["KEEPSAKE_METADATA_URL"] = place.postgres.url
        environment["KEEPSAKE_BLOBS_URL"] = blobs
        let zone = TimeZone(identifier: "Asia/Seoul")!
        let added = await CLI.run(["--store", place.directory.path, "diary", "add", "--emotion", "joy", "--text", "from the environment"],
                                  timeZone: zone, environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let status = await CLI.run(["--store", place.directory.path, "status"], timeZone: zone, environment: environment)
        #expect(status.stdout.contains("Database:  postgresql ") && status.stdout.contains("Images:    s3 ") && status.stdout.contains("Total:     1 records"),
                "\(status.stdout)\(status.stderr)")
        // The flags win over the environment: here the environment names a server that is not there.
        environment["KEEPSAKE_METADATA_URL"] = "postgresql://keepsake@127.0.0.1:1/keepsake"
        let listed = await CLI.run(place.storeArguments + ["diary", "list"], timeZone: zone, environment: environment)
        #expect(listed.status == 0 && listed.stdout.contains("from the environment"), "\(listed.stderr)")
        let unflagged = await CLI.run(["--store", place.directory.path, "diary", "list"], timeZone: zone, environment: environment)
        #expect(unflagged.status == 4 && unflagged.stderr.contains("cannot be reached"), "\(unflagged.stderr)")
        // A bucket that does not exist on a server that answers: notFound (1), never created.
        let server = place.s3.server
        let missing = await CLI.run(["--store", place.directory.path, "--metadata", place.postgres.url, "--blobs",
                                     "s3://no-such-bucket-\(UUID().uuidString.prefix(8).lowercased())/x?endpoint=\(server.endpoint)&region=\(server.region)&addressing=path",
                                     "status"], timeZone: zone, environment: environment)
        #expect(missing.status == 1 && missing.stderr.contains("does not exist at \(server.endpoint): create it"), "\(missing.stderr)")
    }

    @Test func unreachableServersAndBadURLsAreTypedErrorsThatSayWhatToDo() async throws {
        let cli = CLI("cli-backend-errors")
        var environment = cli.environment
        environment["AWS_ACCESS_KEY_ID"] = "KEEPSAKEEXAMPLEKEY"
        environment["AWS_SECRET_ACCESS_KEY"] = "keepsake-example-secret-never-shown"
        let zone = cli.timeZone
        func run(_ arguments: [String]) async -> ProcessResult {
            await CLI.run(["--store", cli.store] + arguments, timeZone: zone, environment: environment)
        }
        func expectFailure(_ status: Int32, _ arguments: [String], _ texts: [String], sourceLocation: SourceLocation = #_sourceLocation) async {
            let result = await run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty && result.stderr.hasPrefix("keepsake: ") && result.stderr.split(separator: "\n").count == 1,
                    "one sentence: \(result.stderr)", sourceLocation: sourceLocation)
            for text in texts { #expect(result.stderr.contains(text), "\(text) in \(result.stderr)", sourceLocation: sourceLocation) }
            #expect(!result.stderr.contains("keepsake-example-secret-never-shown"), sourceLocation: sourceLocation)
        }
        // Nothing listens there: PostgreSQL is busy (retry when it is back), the object store's
        // connection failed (5); each says which server and what to check.
        await expectFailure(4, ["--metadata", "postgresql://keepsake@127.0.0.1:1/keepsake", "diary", "list"],
                            ["PostgreSQL (postgresql://127.0.0.1:1/keepsake?schema=keepsake) cannot be reached", "Check that the server is running"])
        await expectFailure(5, ["--blobs", "s3://photos/family?endpoint=http://127.0.0.1:1&region=us-east-1", "status"],
                            ["s3://photos/family/", "connection failed", "running and reachable"])
        // URLs that cannot be used: refused before anything is opened.
        await expectFailure(1, ["--metadata", "not a url", "status"], [#""not a url" (--metadata or KEEPSAKE_METADATA_URL) is not a URL"#])
        await expectFailure(1, ["--metadata", "mysql://db/keepsake", "status"], ["does not know the metadata store", "postgresql://host/database"])
        await expectFailure(1, ["--blobs", "ftp://photos", "status"], ["does not know the blob store", "s3://bucket/prefix"])
        // A password in a value Keepsake cannot use is never repeated.
        let refusals: [([String], String)] = [
            (["--metadata", "mysql://me:hunter2@db/keepsake", "status"], "mysql://me:…@db/keepsake"),
            (["--metadata", "host=db password=hunter2 dbname=keepsake", "status"], "password=…"),
            (["--blobs", "ftp://photos?secret_key=hunter2", "status"], "secret_key=…"),
        ]
        for (arguments, shown) in refusals {
            await expectFailure(1, arguments, [shown])
            #expect(!(await run(arguments)).stderr.contains("hunter2"), "\(arguments)")
        }
        await expectFailure(1, ["--metadata", "postgresql://127.0.0.1/keepsake?schema=Bad-Name", "status"], ["schema=Bad-Name"])
        await expectFailure(1, ["--blobs", "s3://KEEPSAKEEXAMPLEKEY:keepsake-example-secret-never-shown@photos", "status"],
                            ["names credentials", "AWS_ACCESS_KEY_ID"])
        await expectFailure(1, ["--blobs", "s3://photos?endpoint=http://127.0.0.1:1&colour=blue", "status"], ["unknown parameter colour"])
        environment["KEEPSAKE_BLOBS_URL"] = "not a url either"
        await expectFailure(1, ["status"], ["(--blobs or KEEPSAKE_BLOBS_URL) is not a URL"])
        environment.removeValue(forKey: "KEEPSAKE_BLOBS_URL")
        environment.removeValue(forKey: "AWS_ACCESS_KEY_ID")
        environment.removeValue(forKey: "AWS_SECRET_ACCESS_KEY")
        environment["HOME"] = cli.store
        await expectFailure(1, ["--blobs", "s3://photos?endpoint=http://127.0.0.1:1", "status"], ["no S3 credentials", "AWS_ACCESS_KEY_ID"])
        // Help never opens the store.
        let help = await run(["--metadata", "postgresql://keepsake@127.0.0.1:1/keepsake", "diary", "list", "--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("Usage: keepsake [--store DIR] diary list"))
    }
}
