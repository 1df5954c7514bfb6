/// The name a person logs in with: 1 to 32 of `a-z`, `0-9`, `.`, `_`, `-`, starting with a letter or
/// digit. Input is lowercased first, so `Alice` and `alice` are one name.
public struct LoginName: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The name, lowercase.
    public let name: String

    /// Checks `raw` after lowercasing it.
    public init(_ raw: String) throws {
        let name = raw.lowercased()
        let bytes = Array(name.utf8)
        func isLetterOrDigit(_ byte: UInt8) -> Bool { (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) }
        guard (1...32).contains(bytes.count), let first = bytes.first, isLetterOrDigit(first),
              bytes.allSatisfy({ isLetterOrDigit($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D })
        else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(raw)) is not a login name: use 1 to 32 letters a-z, digits, '.', '_' or '-', starting with a letter or digit.")
        }
        self.name = name
    }

    public var description: String { name }
    /// The order of ``name``.
    public static func < (lhs: LoginName, rhs: LoginName) -> Bool { lhs.name < rhs.name }

    public init(from decoder: any Decoder) throws {
        try self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
