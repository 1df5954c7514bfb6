import Foundation
import Testing
import KeepsakeStoreConfiguration
import KeepsakeCrashLog
import KeepsakeS3
import KeepsakeS3Store
import KeepsakeStore
import KeepsakeTestSupport

/// `s3://bucket/prefix?…` as users name a blob store (`--blobs`, `KEEPSAKE_BLOBS_URL`).
@Suite("S3 blob store URLs")
struct S3StoreConfigurationTests {
    /// Credentials only, and no shared files.
    let environment = ["HOME": "/nonexistent-home-for-test", "AWS_ACCESS_KEY_ID": "AKIDENV", "AWS_SECRET_ACCESS_KEY": "secret-env"]

    func settings(_ text: String, _ environment: [String: String]? = nil) throws -> StoreConfiguration.S3Settings {
        try StoreConfiguration.s3Settings(URL(string: text)!, environment: environment ?? self.environment)
    }

    @Test("the bucket is the host, the prefix the path; endpoint, region and addressing come from the query")
    func parts() throws {
        let settings = try settings("s3://photos/family/2026?endpoint=http://127.0.0.1:7480&region=eu-central-1&addressing=virtual")
        #expect(settings.configuration.bucket == "photos")
        #expect(settings.prefix == "family/2026/")
        #expect(settings.configuration.endpoint.absoluteString == "http://127.0.0.1:7480")
        #expect(settings.configuration.region == "eu-central-1")
        #expect(settings.configuration.addressing == .virtualHost)
        #expect(settings.configuration.credentials == S3Credentials(accessKeyID: "AKIDENV", secretAccessKey: "secret-env"))
        #expect(settings.delivery == .stream)
        #expect(try self.settings("s3://photos").prefix == "")
        #expect(try self.settings("s3://photos/").prefix == "")
    }

    @Test("without parameters it follows the AWS variables; the URL's parameters win over them")
    func precedence() throws {
        let aws = environment.merging(["AWS_ENDPOINT_URL_S3": "http://ceph.home.arpa:7480", "AWS_REGION": "ap-northeast-2",
                                       "AWS_S3_ADDRESSING_STYLE": "virtual"]) { $1 }
        let fromEnvironment = try settings("s3://photos/p", aws)
        #expect(fromEnvironment.configuration.endpoint.absoluteString == "http://ceph.home.arpa:7480")
        #expect(fromEnvironment.configuration.region == "ap-northeast-2")
        #expect(fromEnvironment.configuration.addressing == .virtualHost)
        let fromURL = try settings("s3://photos/p?endpoint=http://127.0.0.1:1&region=us-west-2&addressing=path", aws)
        #expect(fromURL.configuration.endpoint.absoluteString == "http://127.0.0.1:1")
        #expect(fromURL.configuration.region == "us-west-2")
        #expect(fromURL.configuration.addressing == .path)
        let aws3 = try settings("s3://photos", environment)
        #expect(aws3.configuration.endpoint.absoluteString == "https://s3.us-east-1.amazonaws.com")
        #expect(aws3.configuration.addressing == .virtualHost)
    }

    @Test("profile= picks a profile of the shared files for the credentials and settings")
    func profile() throws {
        let folder = TemporaryDirectory("aws-profile")
        try "[family]\naws_access_key_id = AKIDFAMILY\naws_secret_access_key = family-secret\n"
            .write(to: folder.appending("credentials"), atomically: true, encoding: .utf8)
        try "[profile family]\nregion = eu-west-3\ns3 =\n  endpoint_url = http://ceph.family:7480\n"
            .write(to: folder.appending("config"), atomically: true, encoding: .utf8)
        let files = ["HOME": folder.path, "AWS_SHARED_CREDENTIALS_FILE": folder.appending("credentials").path,
                     "AWS_CONFIG_FILE": folder.appending("config").path]
        let settings = try settings("s3://photos?profile=family", files)
        #expect(settings.configuration.credentials.accessKeyID == "AKIDFAMILY")
        #expect(settings.configuration.region == "eu-west-3")
        #expect(settings.configuration.endpoint.absoluteString == "http://ceph.family:7480")
    }

    @Test("redirect=on answers with presigned URLs valid 300 s, redirect=SECONDS for another lifetime, off streams")
    func redirects() throws {
        #expect(try settings("s3://photos?redirect=on").delivery == .redirect(expires: .seconds(300)))
        #expect(try settings("s3://photos?redirect=60").delivery == .redirect(expires: .seconds(60)))
        #expect(try settings("s3://photos?redirect=off").delivery == .stream)
    }

    @Test("malformed URLs are invalidArgument saying how to write one; credentials in the URL are refused without echoing them")
    func refusals() throws {
        for bad in ["s3:///prefix", "s3://photos:9000/p", "s3://photos?endpoint=x&endpoint=y", "s3://photos?timeout=3",
                    "s3://photos?redirect=forever", "s3://photos?redirect=604801", "s3://photos?addressing=sideways",
                    "s3://photos/a/../b", "s3://Photos", "s3://photos?endpoint=ftp://host"] {
            let error = try #require(throws: KeepsakeError.self, "\(bad)") { try settings(bad) }
            #expect(error.code == .invalidArgument, "\(bad)")
        }
        let secret = try #require(throws: KeepsakeError.self) { try settings("s3://AKID:topsecret@photos/p") }
        #expect(secret.code == .invalidArgument)
        #expect(!secret.description.contains("topsecret"))
        #expect(secret.message.contains("AWS_ACCESS_KEY_ID"))
        let unknown = try #require(throws: KeepsakeError.self) { try settings("s3://photos?timeout=3") }
        #expect(unknown.message.contains("endpoint, profile, redirect, region"))
    }

    @Test("no credentials anywhere is invalidArgument naming the variables and the file to set")
    func noCredentials() throws {
        let error = try #require(throws: KeepsakeError.self) { try settings("s3://photos", ["HOME": "/nonexistent-home-for-test"]) }
        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("AWS_ACCESS_KEY_ID"))
        #expect(error.message.contains(".aws/credentials"))
    }

    @Test("a process opens the store from --blobs and the AWS variables of its environment, and says what is missing without them")
    func processes() throws {
        let place = try S3StoreTest.place("s3-url")
        let log = place.directory.appending("worker.log")
        let image = Corpus.url("png/basn2c08.png")
        let arguments = place.storeArguments + ["--log", log.path, "--ops", "3", "--records", "1", "--image", image.path]
        let worked = try runProcess(Binaries.url("keepsake-crash-worker"), arguments, environment: place.processEnvironment)
        #expect(worked.status == 0, "\(worked.stderr)")
        #expect(try String(contentsOf: log, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("OK ") }.count == 3)
        // What it stored is in the database and the bucket, where an instance in this process sees it.
        let store = try place.open()
        for (id, expected) in CrashLog.expectations(try String(contentsOf: log, encoding: .utf8)) {
            #expect(CrashLog.state(of: try store.recordIfPresent(try RecordID(parsing: id))) == expected.acknowledged)
        }
        #expect(try store.fsck().isClean)

        var without = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("AWS_") }
        without["HOME"] = place.directory.path
        let failed = try runProcess(Binaries.url("keepsake-crash-worker"), arguments, environment: without)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("AWS_ACCESS_KEY_ID"), "\(failed.stderr)")
        #expect(!failed.stderr.contains(place.server.secretAccessKey))
    }
}
