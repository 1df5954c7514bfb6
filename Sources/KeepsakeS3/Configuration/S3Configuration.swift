public import Foundation

/// Everything an ``S3Client`` needs: the endpoint, region, bucket and addressing style, the
/// credentials, and the limits on each request.
public struct S3Configuration: Sendable {
    /// `scheme://host[:port]` of the S3 API (`https://s3.eu-west-1.amazonaws.com`, `http://127.0.0.1:7480`).
    public let endpoint: URL
    /// The region requests are signed for.
    public var region: String
    /// The bucket every object lives in.
    public let bucket: String
    /// Path-style or virtual-host addressing.
    public var addressing: S3Addressing
    /// Who signs the requests.
    public var credentials: S3Credentials
    /// Limits on each attempt.
    public var timeouts = S3Timeouts()
    /// How failed requests are retried.
    public var retry = S3RetryPolicy.default
    /// Idle connections kept open for reuse.
    public var maxIdleConnections = 8

    /// A configuration; throws ``S3Error/Kind-swift.struct/invalidConfiguration`` for an endpoint that is
    /// not `http(s)://host[:port]` or a bucket name S3 would refuse.
    public init(endpoint: String, region: String, bucket: String, addressing: S3Addressing = .path, credentials: S3Credentials) throws {
        guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty, url.path.isEmpty || url.path == "/", url.query == nil else {
            throw S3Error(.invalidConfiguration, operation: "configure",
                          message: "the S3 endpoint \"\(endpoint)\" must be http:// or https:// with a host and optional port, and no path")
        }
        guard Self.isValidBucketName(bucket) else {
            throw S3Error(.invalidConfiguration, operation: "configure",
                          message: "\"\(bucket)\" is not a valid bucket name (3 to 63 lowercase letters, digits, '-' and '.', starting and ending with a letter or digit)")
        }
        guard !region.isEmpty else { throw S3Error(.invalidConfiguration, operation: "configure", message: "the S3 region is empty") }
        self.endpoint = URL(string: "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")")!
        self.region = region
        self.bucket = bucket
        self.addressing = addressing
        self.credentials = credentials
    }

    /// A configuration from the AWS conventions: the environment first (`AWS_ACCESS_KEY_ID`,
    /// `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`, `AWS_REGION` or `AWS_DEFAULT_REGION`,
    /// `AWS_ENDPOINT_URL_S3` or `AWS_ENDPOINT_URL`, `AWS_S3_ADDRESSING_STYLE`), then the shared files of
    /// the profile `AWS_PROFILE` (default `default`): `AWS_SHARED_CREDENTIALS_FILE` (`~/.aws/credentials`:
    /// `aws_access_key_id`, `aws_secret_access_key`, `aws_session_token`) and `AWS_CONFIG_FILE`
    /// (`~/.aws/config`: `region`, `endpoint_url`, and `endpoint_url` or `addressing_style` under
    /// `s3 =`). Without an endpoint, AWS's own for the region; without a region, `us-east-1`. Custom
    /// endpoints default to path-style addressing, AWS's to virtual-host.
    public static func fromEnvironment(bucket: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> S3Configuration {
        func env(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let home = env("HOME").map { URL(fileURLWithPath: $0, isDirectory: true) } ?? FileManager.default.homeDirectoryForCurrentUser
        let profile = env("AWS_PROFILE") ?? "default"
        let credentialsURL = env("AWS_SHARED_CREDENTIALS_FILE").map { URL(fileURLWithPath: $0) } ?? home.appendingPathComponent(".aws/credentials")
        let configURL = env("AWS_CONFIG_FILE").map { URL(fileURLWithPath: $0) } ?? home.appendingPathComponent(".aws/config")
        let credentialsFile = try AWSSharedConfigFile.load(credentialsURL)?.sections[profile] ?? [:]
        let configFile = try AWSSharedConfigFile.load(configURL)?.sections[profile] ?? [:]
        func file(_ key: String) -> String? { credentialsFile[key] ?? configFile[key] }

        let credentials: S3Credentials
        if let key = env("AWS_ACCESS_KEY_ID"), let secret = env("AWS_SECRET_ACCESS_KEY") {
            credentials = S3Credentials(accessKeyID: key, secretAccessKey: secret, sessionToken: env("AWS_SESSION_TOKEN"))
        } else if let key = file("aws_access_key_id"), let secret = file("aws_secret_access_key") {
            credentials = S3Credentials(accessKeyID: key, secretAccessKey: secret, sessionToken: file("aws_session_token"))
        } else {
            throw S3Error(.invalidConfiguration, operation: "configure", bucket: bucket, message:
                "no S3 credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or put aws_access_key_id and aws_secret_access_key under [\(profile)] in \(credentialsURL.path)")
        }
        let region = env("AWS_REGION") ?? env("AWS_DEFAULT_REGION") ?? configFile["region"] ?? "us-east-1"
        let custom = env("AWS_ENDPOINT_URL_S3") ?? env("AWS_ENDPOINT_URL") ?? configFile["s3.endpoint_url"] ?? configFile["endpoint_url"]
        let endpoint = custom ?? "https://s3.\(region).amazonaws.com"
        let style = env("AWS_S3_ADDRESSING_STYLE") ?? configFile["s3.addressing_style"] ?? configFile["addressing_style"]
        let addressing: S3Addressing
        switch style?.lowercased() {
        case "path": addressing = .path
        case "virtual": addressing = .virtualHost
        case nil, "auto": addressing = custom == nil ? .virtualHost : .path
        case let other?:
            throw S3Error(.invalidConfiguration, operation: "configure", message: "addressing style \"\(other)\" is not path, virtual or auto")
        }
        return try S3Configuration(endpoint: endpoint, region: region, bucket: bucket, addressing: addressing, credentials: credentials)
    }

    /// Whether S3 accepts `name` as a bucket name (the rules for new buckets).
    public static func isValidBucketName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (3...63).contains(bytes.count) else { return false }
        func alphanumeric(_ b: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) }
        guard alphanumeric(bytes.first!), alphanumeric(bytes.last!) else { return false }
        return bytes.allSatisfy { alphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") } && !name.contains("..")
    }

    /// The host the requests go to (`bucket.host` for virtual-host addressing), with the port when
    /// the URL names one.
    var hostHeader: String {
        let host = addressing == .virtualHost ? "\(bucket).\(endpoint.host!)" : endpoint.host!
        return endpoint.port.map { "\(host):\($0)" } ?? host
    }

    /// The unencoded path of `key` (`/bucket/key` or `/key`).
    func path(forKey key: String?) -> String {
        let base = addressing == .path ? "/\(bucket)" : ""
        guard let key else { return addressing == .path ? base : "/" }
        return "\(base)/\(key)"
    }

    /// The URL for a path (unencoded) and query, encoded exactly as the signer encodes them.
    func url(path: String, query: [(name: String, value: String)]) -> String {
        var url = "\(endpoint.scheme!)://\(hostHeader)\(URIEncoding.encode(path, keepSlashes: true))"
        if !query.isEmpty {
            url += "?" + query.map { "\(URIEncoding.encode($0.name))=\(URIEncoding.encode($0.value))" }.joined(separator: "&")
        }
        return url
    }
}
