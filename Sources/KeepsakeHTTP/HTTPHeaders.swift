/// An ordered list of HTTP header fields with case-insensitive lookup by name.
///
/// Order and repeated names are kept, so a response can carry several `Set-Cookie` fields.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields in order, names as given.
    public private(set) var fields: [(name: String, value: String)]

    /// Creates a header list from fields in order.
    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// Creates a header list from a literal such as `["Cache-Control": "no-store"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The value of the first field called `name` (compared case-insensitively), or `nil`.
    public subscript(name: String) -> String? {
        fields.first { Self.same($0.name, name) }?.value
    }

    /// The values of every field called `name` (compared case-insensitively), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// Whether a field called `name` is present (compared case-insensitively).
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.same($0.name, name) }
    }

    /// Appends a field, keeping any existing fields of the same name (e.g. `Set-Cookie`).
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field called `name` by one field with `value`.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Removes every field called `name` (compared case-insensitively).
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// Header names are ASCII tokens; compare them without regard to ASCII case, byte by byte
    /// (nothing allocated: every request looks up several). Names that differ in a byte beyond
    /// ASCII are compared lowercased, as before.
    static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        if a == b { return true }  // the usual case, compared as whole buffers
        for (x, y) in zip(a.utf8, b.utf8) where x != y {
            if x >= 0x80 || y >= 0x80 { return a.lowercased() == b.lowercased() }
            let folded = x | 0x20
            guard folded == y | 0x20, folded >= UInt8(ascii: "a"), folded <= UInt8(ascii: "z") else { return false }
        }
        return true
    }
}
