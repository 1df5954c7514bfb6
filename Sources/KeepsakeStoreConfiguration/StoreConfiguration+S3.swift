public import Foundation
public import KeepsakeS3
public import KeepsakeS3Store
import KeepsakeStore

extension StoreConfiguration {
    /// What an `s3://` blob store URL names: the client's settings, the key prefix and how images
    /// reach clients.
    public struct S3Settings: Sendable {
        /// Endpoint, region, bucket, addressing, credentials and limits.
        public var configuration: S3Configuration
        /// The key prefix in the bucket (normalized: empty, or ending in `/`).
        public var prefix: String
        /// Streamed, or redirected to presigned URLs.
        public var delivery: S3ImageDelivery
    }

    /// The parameters an `s3://` URL may carry.
    static let s3Parameters: Set<String> = ["endpoint", "region", "addressing", "redirect", "profile"]

    /// The settings of `s3://bucket/prefix?endpoint=…&region=…&addressing=path|virtual|auto&redirect=off|on|SECONDS&profile=NAME`.
    ///
    /// The bucket is the URL's host and the prefix its path. Credentials never go in the URL (it is
    /// seen in process lists and logs): they come from the AWS conventions, read from `environment`
    /// (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), then from the shared files
    /// (`~/.aws/credentials` and `~/.aws/config`, profile `AWS_PROFILE` or the URL's `profile`). The
    /// URL's `endpoint`, `region` and `addressing` win over `AWS_ENDPOINT_URL_S3`, `AWS_REGION` and
    /// `AWS_S3_ADDRESSING_STYLE` and the files; without any, AWS S3 in `us-east-1`. `redirect=on`
    /// answers image requests with presigned URLs valid 300 s (`redirect=SECONDS` for another
    /// lifetime, 1 to 604800); the default, `off`, streams the bytes through Keepsake.
    public static func s3Settings(_ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> S3Settings {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        guard components?.user == nil, components?.password == nil else {
            // Not echoed: the URL holds a secret.
            throw KeepsakeError(.invalidArgument, "The blob store URL names credentials; put them in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or in ~/.aws/credentials instead, never in the URL (it is seen in process lists and logs).")
        }
        let shown = KeepsakeError.printable(url.absoluteString)
        func invalid(_ why: String) -> KeepsakeError {
            KeepsakeError(.invalidArgument, "The blob store URL \(shown) \(why). Write it as s3://bucket/prefix?endpoint=https://host:port&region=REGION.")
        }
        guard let components, components.scheme?.lowercased() == "s3" else { throw invalid("is not an s3:// URL") }
        guard let bucket = components.host, !bucket.isEmpty else { throw invalid("names no bucket") }
        guard components.port == nil else { throw invalid("has a port after the bucket; give the endpoint as ?endpoint=…") }
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard Self.s3Parameters.contains(item.name) else {
                throw invalid("has the unknown parameter \(KeepsakeError.printable(item.name)) (known: \(Self.s3Parameters.sorted().joined(separator: ", ")))")
            }
            guard parameters[item.name] == nil else { throw invalid("gives \(item.name) twice") }
            parameters[item.name] = item.value ?? ""
        }

        var environment = environment
        if let profile = parameters["profile"] { environment["AWS_PROFILE"] = profile }
        if let endpoint = parameters["endpoint"] { environment["AWS_ENDPOINT_URL_S3"] = endpoint }
        if let region = parameters["region"] { environment["AWS_REGION"] = region }
        if let addressing = parameters["addressing"] {
            guard ["path", "virtual", "auto"].contains(addressing) else { throw invalid("has addressing=\(KeepsakeError.printable(addressing)); use path, virtual or auto") }
            environment["AWS_S3_ADDRESSING_STYLE"] = addressing
        }
        let delivery: S3ImageDelivery
        switch parameters["redirect"] {
        case nil, "off", "no", "false", "0": delivery = .stream
        case "on", "yes", "true": delivery = .redirect(expires: .seconds(300))
        case let text?:
            guard let seconds = Int(text), (1...604_800).contains(seconds) else {
                throw invalid("has redirect=\(KeepsakeError.printable(text)); use off, on (300 s) or a lifetime of 1 to 604800 seconds")
            }
            delivery = .redirect(expires: .seconds(seconds))
        }
        let configuration: S3Configuration
        do {
            configuration = try S3Configuration.fromEnvironment(bucket: bucket, environment: environment)
        } catch let error as S3Error {
            throw KeepsakeError(.invalidArgument, "The blob store \(shown) cannot be used: \(error.message ?? error.description). Correct the URL or the AWS settings.")
        }
        return S3Settings(configuration: configuration, prefix: try S3BlobStore.normalized(prefix: components.percentEncodedPath.removingPercentEncoding ?? components.path),
                          delivery: delivery)
    }

    /// Opens the S3 blob store that `url` names, checking the bucket and the server's conditional
    /// writes (``KeepsakeS3Store/S3BlobStore/checkUsable()``).
    static func openS3Blobs(_ url: URL, environment: [String: String]) throws -> S3BlobStore {
        let settings = try s3Settings(url, environment: environment)
        return try S3BlobStore(client: S3Client(configuration: settings.configuration), prefix: settings.prefix, delivery: settings.delivery)
    }
}
