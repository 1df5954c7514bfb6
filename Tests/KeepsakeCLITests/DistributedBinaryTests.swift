import Foundation
import Testing
import KeepsakeTestSupport

/// End-to-end: the built `keepsake` on PostgreSQL + S3, the backends named by `--metadata` and
/// `--blobs` and every secret in the environment only (`PGPASSWORD`, `AWS_ACCESS_KEY_ID`,
/// `AWS_SECRET_ACCESS_KEY`), as a user would run it; then `keepsake serve` on the same flags.
@Suite struct DistributedBinaryTests {
    /// The place's PostgreSQL URL without its password, and the password.
    static func withoutPassword(_ url: String) throws -> (url: String, password: String) {
        var components = try #require(URLComponents(string: url))
        let password = try #require(components.password)
        components.password = nil
        return (try #require(components.string), password)
    }

    @Test func theBinaryOpensPostgreSQLAndS3FromFlagsWithCredentialsOnlyInTheEnvironment() throws {
        let place = try PostgresS3StorePlace(label: "cli-binary-distributed")
        let (metadata, password) = try Self.withoutPassword(place.postgres.url)
        let arguments = ["--store", place.directory.path, "--metadata", metadata, "--blobs", place.s3.blobsURL()]
        let secret = try #require(place.storeEnvironment["AWS_SECRET_ACCESS_KEY"])
        #expect(!arguments.joined(separator: " ").contains(password) && !arguments.joined(separator: " ").contains(secret))
        var environment = ProcessInfo.processInfo.environment.merging(place.storeEnvironment) { $1 }
        environment["PGPASSWORD"] = password
        environment["TZ"] = "Asia/Seoul"
        let keepsake = Binaries.url("keepsake")
        func run(_ words: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let result = try runProcess(keepsake, arguments + words, environment: environment)
            #expect(result.status == 0, "keepsake \(words.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
            return result.stdout
        }

        let photos = Corpus.smallImages
        let added = try run(["diary", "add", "--emotion", "joy", "--text", "Written by the binary", "--image", photos[0].path, "--image", photos[1].path])
        let id = try #require(printedID(added))
        #expect(try run(["diary", "list"]).contains("\(id)  "))
        let status = try run(["status"])
        #expect(status.contains("Database:  postgresql postgresql://127.0.0.1:") && status.contains("?schema=\(place.postgres.schema) (server version"), "\(status)")
        #expect(status.contains("Images:    s3 s3://\(place.s3.server.bucket)/\(place.s3.prefix) (endpoint \(place.s3.server.endpoint)"), "\(status)")
        #expect(status.contains("Total:     1 records, 2 images"))
        #expect(!status.contains(password) && !status.contains(secret))
        #expect(try run(["fsck"]).hasSuffix("Clean.\n"))

        // Without the password in the environment, PostgreSQL refuses: exit 4, saying what to check.
        var withoutPassword = environment
        withoutPassword.removeValue(forKey: "PGPASSWORD")
        withoutPassword["PGPASSFILE"] = place.directory.appending("no-such-pgpass").path
        let refused = try runProcess(keepsake, arguments + ["diary", "list"], environment: withoutPassword)
        #expect(refused.status == 4 && refused.stderr.contains("password"), "\(refused.stderr)")

        // keepsake serve on the same flags: the page lists the entry and its photo comes from the bucket.
        let server = try ServeProcess(storeArguments: arguments, environment: environment, log: place.directory.appending("serve.log"))
        defer { server.stop() }
        let page = try curl([server.url + "/diary"])
        #expect(page.status == 200 && page.text.contains("Written by the binary"), "\(page.status): \(server.banner)")
        let thumbnail = try #require(page.text.firstMatch(of: /src="(\/images\/[^"]+)"/)).1
        let image = try curl([server.url + thumbnail])
        #expect(image.status == 200)
        #expect(server.banner.contains("Keepsake is serving postgresql postgresql://127.0.0.1:"), "\(server.banner)")
    }
}
