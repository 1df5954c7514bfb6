public import Foundation
internal import KeepsakeSupport

/// AWS Signature Version 4 (`AWS4-HMAC-SHA256`), over OpenSSL's HMAC-SHA256 and SHA-256: the
/// `Authorization` header of a request, or the query of a presigned URL.
///
/// Each step is public (``canonicalRequest(_:payloadHash:)``, ``stringToSign(canonicalRequest:date:)``,
/// ``signature(stringToSign:date:)``) so it can be checked against AWS's published test suite.
public struct SigV4Signer: Sendable {
    /// How a path becomes the canonical URI.
    public enum PathStyle: Sendable, Hashable {
        /// S3: each byte encoded once, the path kept as it is (`//` and `.` segments are part of a key).
        case s3
        /// Every other service, as AWS's published test suite has it: the path taken as it goes on the
        /// wire, dot segments and repeated slashes removed (when `normalize`), then encoded once more
        /// (what AWS calls encoding twice: the wire form is encoded already).
        case standard(normalize: Bool)
    }

    /// Who signs.
    public let credentials: S3Credentials
    /// The region in the credential scope (`us-east-1`).
    public let region: String
    /// The service in the credential scope (`s3`).
    public let service: String
    /// How paths are made canonical.
    public let pathStyle: PathStyle

    /// A signer for `service` in `region`.
    public init(credentials: S3Credentials, region: String, service: String = "s3", pathStyle: PathStyle = .s3) {
        self.credentials = credentials
        self.region = region
        self.service = service
        self.pathStyle = pathStyle
    }

    /// The SHA-256 of an empty body, as hex.
    public static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    /// The payload hash of a presigned URL, whose body is not known when it is signed.
    public static let unsignedPayload = "UNSIGNED-PAYLOAD"

    /// Adds `x-amz-date` (and `x-amz-security-token` with temporary credentials), then the
    /// `Authorization` header, covering every header of `request`.
    public func sign(_ request: inout SigV4Request, payloadHash: String, date: Date) {
        request.headers.removeAll { ["authorization", "x-amz-date"].contains($0.name.lowercased()) }
        request.headers.append((name: "x-amz-date", value: Self.timestamp(date)))
        if let token = credentials.sessionToken, request.header("x-amz-security-token") == nil {
            request.headers.append((name: "x-amz-security-token", value: token))
        }
        let canonical = canonicalRequest(request, payloadHash: payloadHash)
        let signature = signature(stringToSign: stringToSign(canonicalRequest: canonical, date: date), date: date)
        request.headers.append((name: "Authorization", value:
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope(date)), SignedHeaders=\(signedHeaders(request)), Signature=\(signature)"))
    }

    /// The query parameters that make `request` a presigned URL valid for `expires` seconds from
    /// `date` (signing only `host`), the signature last. `request.query` keeps its own parameters;
    /// append these after them.
    public func presignedQuery(_ request: SigV4Request, expires: Int, date: Date,
                               payloadHash: String = SigV4Signer.unsignedPayload) -> [(name: String, value: String)] {
        var unsigned = request
        unsigned.headers = request.headers.filter { $0.name.lowercased() == "host" }
        var added: [(name: String, value: String)] = [
            ("X-Amz-Algorithm", "AWS4-HMAC-SHA256"),
            ("X-Amz-Credential", "\(credentials.accessKeyID)/\(scope(date))"),
            ("X-Amz-Date", Self.timestamp(date)),
            ("X-Amz-Expires", String(expires)),
            ("X-Amz-SignedHeaders", "host"),
        ]
        if let token = credentials.sessionToken { added.append(("X-Amz-Security-Token", token)) }
        unsigned.query += added
        let canonical = canonicalRequest(unsigned, payloadHash: payloadHash)
        added.append(("X-Amz-Signature", signature(stringToSign: stringToSign(canonicalRequest: canonical, date: date), date: date)))
        return added
    }

    /// The canonical request: method, canonical URI, canonical query, canonical headers, signed
    /// headers and payload hash, one per line.
    public func canonicalRequest(_ request: SigV4Request, payloadHash: String) -> String {
        [request.method.uppercased(), canonicalURI(request.path), canonicalQuery(request.query),
         canonicalHeaders(request), signedHeaders(request), payloadHash].joined(separator: "\n")
    }

    /// The string to sign: algorithm, timestamp, scope and the canonical request's SHA-256.
    public func stringToSign(canonicalRequest: String, date: Date) -> String {
        ["AWS4-HMAC-SHA256", Self.timestamp(date), scope(date), SHA256.hex(Data(canonicalRequest.utf8))].joined(separator: "\n")
    }

    /// The hex signature of `stringToSign` with the key derived for `date`'s day, region and service.
    public func signature(stringToSign: String, date: Date) -> String {
        var key = Data("AWS4\(credentials.secretAccessKey)".utf8)
        for part in [Self.day(date), region, service, "aws4_request"] {
            key = Data(HMACSHA256.authenticate(part, key: key))
        }
        return Hex.encode(HMACSHA256.authenticate(stringToSign, key: key))
    }

    /// `day/region/service/aws4_request`.
    func scope(_ date: Date) -> String { "\(Self.day(date))/\(region)/\(service)/aws4_request" }

    func canonicalURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : "/" + path
        switch pathStyle {
        case .s3:
            return URIEncoding.encode(absolute, keepSlashes: true)
        case .standard(let normalize):
            let normalized = normalize ? Self.normalized(absolute) : absolute
            return URIEncoding.encode(normalized, keepSlashes: true)
        }
    }

    func canonicalQuery(_ query: [(name: String, value: String)]) -> String {
        query.map { (URIEncoding.encode($0.name), URIEncoding.encode($0.value)) }
            .sorted { $0.0 == $1.0 ? $0.1.utf8.lexicographicallyPrecedes($1.1.utf8) : $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
    }

    /// Lowercase names in order, each with its values (trimmed, inner runs of white space made one
    /// space) joined by commas in the order they came.
    private func headerGroups(_ request: SigV4Request) -> [(String, String)] {
        var groups: [String: [String]] = [:]
        for (name, value) in request.headers {
            let collapsed = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
            groups[name.lowercased(), default: []].append(collapsed)
        }
        return groups.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { ($0, groups[$0]!.joined(separator: ",")) }
    }

    func canonicalHeaders(_ request: SigV4Request) -> String {
        headerGroups(request).filter { $0.0 != "authorization" }.map { "\($0.0):\($0.1)\n" }.joined()
    }

    func signedHeaders(_ request: SigV4Request) -> String {
        headerGroups(request).map(\.0).filter { $0 != "authorization" }.joined(separator: ";")
    }

    /// The path with `.` and `..` segments resolved and empty segments dropped (RFC 3986 §5.2.4,
    /// as the test suite's `normalize` means), keeping a trailing slash.
    static func normalized(_ path: String) -> String {
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == "." { continue }
            if segment == ".." { _ = segments.popLast(); continue }
            segments.append(segment)
        }
        var result = "/" + segments.joined(separator: "/")
        if path.hasSuffix("/"), result != "/" { result += "/" }
        return result
    }

    /// `20150830T123600Z`.
    static func timestamp(_ date: Date) -> String { formatted(date, "%Y%m%dT%H%M%SZ") }
    /// `20150830`.
    static func day(_ date: Date) -> String { formatted(date, "%Y%m%d") }

    private static func formatted(_ date: Date, _ format: String) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
