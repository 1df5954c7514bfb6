/// A checked path relative to a store folder, such as `attachments/<book-uuid>/<record-uuid>/image_0-ab12cd34ef.jpg`.
///
/// Every component is non-empty, at most 255 bytes, made only of ASCII letters, digits, `.`, `_`
/// and `-`, and is not `.` or `..`; the path is not absolute. So it can never leave the store. The
/// database stores these strings, and every string read back is checked again.
public struct RelativePath: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The path as stored, components joined by `/`.
    public let string: String

    /// Checks `string`; throws ``KeepsakeError/Code/unsafePath`` if it could leave the store.
    public init(_ string: String) throws {
        guard !string.isEmpty, string.utf8.count <= 4096, !string.hasPrefix("/") else {
            throw KeepsakeError(.unsafePath, "The path \(KeepsakeError.quoted(string, limit: 120)) is not a relative path inside the store.", path: string)
        }
        // Every path read back from the database is checked, so the usual case (a valid path) is
        // one pass over the bytes; only a rejected path is split to name the bad component.
        if !Self.isSafe(string) {
            for component in string.split(separator: "/", omittingEmptySubsequences: false) {
                try Self.checkComponent(String(component), in: string)
            }
        }
        self.string = string
    }

    /// Whether every `/`-separated component of `string` passes ``checkComponent(_:in:)``.
    private static func isSafe(_ string: String) -> Bool {
        // A bridged, non-contiguous string (rare) takes the slow path.
        string.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var length = 0, dots = 0
            for b in bytes {
                if b == 0x2F {
                    guard length > 0, dots != length || length > 2 else { return false }
                    length = 0
                    dots = 0
                    continue
                }
                guard (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E || b == 0x5F || b == 0x2D else {
                    return false
                }
                length += 1
                if b == 0x2E { dots += 1 }
                guard length <= 255 else { return false }
            }
            return length > 0 && (dots != length || length > 2)
        } ?? false
    }

    /// Joins checked components.
    public init(components: [String]) throws {
        try self.init(components.joined(separator: "/"))
    }

    /// The components.
    public var components: [String] {
        // Split on the byte: a checked path is ASCII, so this equals splitting on the Character "/",
        // without grapheme breaking (fsck derives a thumbnail path per image from these).
        string.utf8.split(separator: 0x2F).map { String(decoding: $0, as: UTF8.self) }
    }
    /// The last component.
    public var lastComponent: String { components.last ?? string }
    /// The path without its last component (empty for a one-component path).
    public var parentComponents: [String] { Array(components.dropLast()) }

    /// Throws unless `component` is a safe single path component.
    public static func checkComponent(_ component: String, in whole: String? = nil) throws {
        let bytes = Array(component.utf8)
        let ok = !bytes.isEmpty && bytes.count <= 255 && component != "." && component != ".."
            && bytes.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E || b == 0x5F || b == 0x2D
            }
        guard ok else {
            throw KeepsakeError(.unsafePath, "The path \(KeepsakeError.quoted(whole ?? component, limit: 120)) has the component \(KeepsakeError.quoted(component, limit: 120)), which is not allowed: use letters, digits, '.', '_' and '-', never '..'.", path: whole ?? component)
        }
    }

    public var description: String { string }
    public static func < (lhs: RelativePath, rhs: RelativePath) -> Bool { lhs.string < rhs.string }

    public init(from decoder: any Decoder) throws {
        try self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
