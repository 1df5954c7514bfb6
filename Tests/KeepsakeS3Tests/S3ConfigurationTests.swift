import Foundation
import Testing
import KeepsakeS3
import KeepsakeTestSupport

@Suite("S3 configuration")
struct S3ConfigurationTests {
    private let noFiles = ["HOME": "/nonexistent-home-for-test"]

    @Test("the AWS environment variables give credentials, region, endpoint and path-style addressing for a custom endpoint")
    func environment() throws {
        let configuration = try S3Configuration.fromEnvironment(bucket: "photos", environment: noFiles.merging([
            "AWS_ACCESS_KEY_ID": "AKIDENV", "AWS_SECRET_ACCESS_KEY": "secret-env", "AWS_SESSION_TOKEN": "token-env",
            "AWS_REGION": "eu-central-1", "AWS_ENDPOINT_URL_S3": "http://127.0.0.1:7480",
        ]) { $1 })
        #expect(configuration.credentials == S3Credentials(accessKeyID: "AKIDENV", secretAccessKey: "secret-env", sessionToken: "token-env"))
        #expect(configuration.region == "eu-central-1")
        #expect(configuration.endpoint.absoluteString == "http://127.0.0.1:7480")
        #expect(configuration.addressing == .path)
    }

    @Test("without an endpoint it is AWS's for the region, with virtual-host addressing; AWS_DEFAULT_REGION counts too")
    func awsDefaults() throws {
        let configuration = try S3Configuration.fromEnvironment(bucket: "photos", environment: noFiles.merging([
            "AWS_ACCESS_KEY_ID": "a", "AWS_SECRET_ACCESS_KEY": "b", "AWS_DEFAULT_REGION": "ap-northeast-2",
        ]) { $1 })
        #expect(configuration.endpoint.absoluteString == "https://s3.ap-northeast-2.amazonaws.com")
        #expect(configuration.addressing == .virtualHost)
        let plain = try S3Configuration.fromEnvironment(bucket: "photos", environment: noFiles.merging(["AWS_ACCESS_KEY_ID": "a", "AWS_SECRET_ACCESS_KEY": "b"]) { $1 })
        #expect(plain.region == "us-east-1")
    }

    @Test("the shared credentials and config files of the chosen profile fill in what the environment does not")
    func sharedFiles() throws {
        let folder = TemporaryDirectory("aws-config")
        try """
            [default]
            aws_access_key_id = AKIDDEFAULT
            aws_secret_access_key = default-secret

            [family]
            aws_access_key_id = AKIDFAMILY
            aws_secret_access_key = family-secret
            aws_session_token = family-token
            """.write(to: folder.appending("credentials"), atomically: true, encoding: .utf8)
        try """
            # Keepsake's object store
            [profile family]
            region = kr-home-1
            s3 =
              endpoint_url = http://ceph.local:8080
              addressing_style = virtual
            """.write(to: folder.appending("config"), atomically: true, encoding: .utf8)
        let environment = ["HOME": folder.path, "AWS_SHARED_CREDENTIALS_FILE": folder.appending("credentials").path,
                           "AWS_CONFIG_FILE": folder.appending("config").path]
        let family = try S3Configuration.fromEnvironment(bucket: "photos", environment: environment.merging(["AWS_PROFILE": "family"]) { $1 })
        #expect(family.credentials == S3Credentials(accessKeyID: "AKIDFAMILY", secretAccessKey: "family-secret", sessionToken: "family-token"))
        #expect(family.region == "kr-home-1")
        #expect(family.endpoint.absoluteString == "http://ceph.local:8080")
        #expect(family.addressing == .virtualHost)
        let fallback = try S3Configuration.fromEnvironment(bucket: "photos", environment: environment)
        #expect(fallback.credentials.accessKeyID == "AKIDDEFAULT")
        let overridden = try S3Configuration.fromEnvironment(bucket: "photos", environment: environment.merging(
            ["AWS_PROFILE": "family", "AWS_ACCESS_KEY_ID": "AKIDENV", "AWS_SECRET_ACCESS_KEY": "env", "AWS_S3_ADDRESSING_STYLE": "path"]) { $1 })
        #expect(overridden.credentials.accessKeyID == "AKIDENV")
        #expect(overridden.addressing == .path)
    }

    @Test("missing credentials and malformed settings are invalidConfiguration with what to set")
    func refusals() throws {
        let missing = try #require(throws: S3Error.self) { try S3Configuration.fromEnvironment(bucket: "photos", environment: noFiles) }
        #expect(missing.kind == .invalidConfiguration)
        #expect(missing.description.contains("AWS_ACCESS_KEY_ID"))
        let credentials = S3Credentials(accessKeyID: "a", secretAccessKey: "b")
        #expect(throws: S3Error.self) { try S3Configuration(endpoint: "ftp://host", region: "r", bucket: "photos", credentials: credentials) }
        #expect(throws: S3Error.self) { try S3Configuration(endpoint: "http://host/some/path", region: "r", bucket: "photos", credentials: credentials) }
        #expect(throws: S3Error.self) { try S3Configuration(endpoint: "http://host", region: "r", bucket: "Photos_Bucket", credentials: credentials) }
        #expect(throws: S3Error.self) { try S3Configuration(endpoint: "http://host", region: "", bucket: "photos", credentials: credentials) }
        #expect(throws: S3Error.self) {
            try S3Configuration.fromEnvironment(bucket: "photos", environment: noFiles.merging(
                ["AWS_ACCESS_KEY_ID": "a", "AWS_SECRET_ACCESS_KEY": "b", "AWS_S3_ADDRESSING_STYLE": "sideways"]) { $1 })
        }
        #expect(S3Configuration.isValidBucketName("keepsake-photos.2024"))
        #expect(!S3Configuration.isValidBucketName("ab"))
        #expect(!S3Configuration.isValidBucketName("-leading"))
        #expect(!S3Configuration.isValidBucketName("double..dot"))
    }

    @Test("retry delays stay within the backoff ceiling")
    func backoff() {
        let policy = S3RetryPolicy(maxAttempts: 8, initialDelay: .milliseconds(100), maxDelay: .seconds(1))
        for attempt in 2...8 {
            let ceiling = min(Duration.seconds(1), .milliseconds(100) * (1 << (attempt - 2)))
            for _ in 0..<50 { #expect(policy.delay(beforeAttempt: attempt) <= ceiling) }
        }
    }
}
