import KeepsakeStore
import KeepsakePostgres

/// A PostgreSQL metadata store as a user names it: a libpq URL
/// (`postgresql://user:password@host:port/database?sslmode=…`, or `postgres://…`) with Keepsake's own
/// query parameters, which are taken out before the URL goes to libpq:
///
/// | parameter | meaning | default |
/// | --- | --- | --- |
/// | `schema` | the schema holding the store's tables (several stores can share one database) | `keepsake` |
/// | `pool_size` | connections each instance may use at once for its transactions | 8 |
///
/// The URL may carry a password, so it is never printed: ``location`` is what messages and status show.
public struct PostgresStoreURL: Sendable, Hashable {
    /// The URL as libpq takes it (Keepsake's parameters removed). Holds the password, if any.
    public let libpqURL: String
    /// The schema of the store's tables: lowercase letters, digits and `_`, not starting with a digit
    /// or `pg_`, at most 63 characters.
    public let schema: String
    /// Connections each instance may use at once (1…64).
    public let poolSize: Int

    /// The schema used when the URL names none.
    public static let defaultSchema = "keepsake"
    /// The pool size used when the URL names none.
    public static let defaultPoolSize = 8

    /// Reads `text`; throws ``KeepsakeError/Code/invalidArgument`` (naming the problem, never the
    /// password) when it is not a PostgreSQL URL Keepsake can use.
    public init(_ text: String) throws {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") else {
            throw KeepsakeError(.invalidArgument, "A PostgreSQL metadata store is named by a URL starting with postgresql:// or postgres://.")
        }
        var schema = Self.defaultSchema
        var poolSize = Self.defaultPoolSize
        var base = text
        var kept: [Substring] = []
        if let question = text.firstIndex(of: "?") {
            base = String(text[..<question])
            for item in text[text.index(after: question)...].split(separator: "&", omittingEmptySubsequences: true) {
                let name = item.prefix { $0 != "=" }
                let value = item.dropFirst(name.count + 1)
                switch name {
                case "schema":
                    schema = String(value).removingPercentEncoding ?? String(value)
                case "pool_size":
                    guard let size = Int(value), (1...64).contains(size) else {
                        throw KeepsakeError(.invalidArgument, "pool_size=\(KeepsakeError.printable(String(value))) in the PostgreSQL URL must be a number from 1 to 64.")
                    }
                    poolSize = size
                default:
                    kept.append(item)
                }
            }
        }
        try Self.checkSchema(schema)
        self.schema = schema
        self.poolSize = poolSize
        libpqURL = kept.isEmpty ? base : base + "?" + kept.joined(separator: "&")
        do {
            _ = try PostgresConfiguration(url: libpqURL)
        } catch let error as PostgresError {
            throw KeepsakeError(.invalidArgument, "The PostgreSQL URL cannot be used: \(Self.masked(error.clientMessage ?? "\(error.kind)", in: text)).")
        }
    }

    /// Where the store is, for messages and status: `postgresql://host:port/database?schema=name`,
    /// without user or password.
    public var location: String {
        let server = (try? PostgresConfiguration(url: libpqURL))?.serverDescription ?? "?"
        return "postgresql://\(server)?schema=\(schema)"
    }

    /// Refuses a schema name that would need quoting or that PostgreSQL reserves.
    static func checkSchema(_ name: String) throws {
        let allowed = name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
        guard allowed, let first = name.utf8.first, !(0x30...0x39).contains(first), name.utf8.count <= 63, !name.hasPrefix("pg_") else {
            throw KeepsakeError(.invalidArgument, "schema=\(KeepsakeError.printable(name)) in the PostgreSQL URL must be 1 to 63 lowercase letters, digits or '_', not starting with a digit or 'pg_'.")
        }
    }

    /// `message` with the URL's password (as written, and decoded) replaced by `…`.
    static func masked(_ message: String, in url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].lastIndex(of: "@") else { return message }
        let userInfo = url[scheme.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return message }
        let password = String(userInfo[userInfo.index(after: colon)...])
        guard !password.isEmpty else { return message }
        var result = message.replacingOccurrences(of: password, with: "…")
        if let decoded = password.removingPercentEncoding, !decoded.isEmpty { result = result.replacingOccurrences(of: decoded, with: "…") }
        return result
    }
}
