/// A diary entry's text made of plain parts and references to the entry's own photos, so the
/// reference can say which photo it is once the stored photos are known: `[photo 2]`, or
/// `[photo not imported: x.jpeg]` when that photo was missing or damaged.
public struct DiaryText: Sendable, Hashable {
    /// One part of the text.
    public enum Part: Sendable, Hashable {
        /// Text as it is.
        case text(String)
        /// A reference to the photo with this identifier (see ``ImportPhoto/identifier``).
        case photo(String)
    }

    /// The parts in order.
    public var parts: [Part]

    /// Creates a text.
    public init(_ parts: [Part]) { self.parts = parts }

    /// The text with each photo reference as `[photo N]` (N counts from 1 in the entry's stored
    /// order, `positions` maps identifiers to 0-based positions), or `[photo not imported: NAME]` for a
    /// photo that is not among them (`names` gives the export's name of each identifier).
    public func rendered(positions: [String: Int], names: [String: String]) -> String {
        parts.map { part in
            switch part {
            case .text(let text): return text
            case .photo(let identifier):
                if let position = positions[identifier] { return "[photo \(position + 1)]" }
                return "[photo not imported: \(names[identifier] ?? identifier)]"
            }
        }.joined()
    }

    /// Whether the text has nothing but white space (photo references count as text).
    public var isBlank: Bool {
        parts.allSatisfy { part in
            if case .text(let text) = part { return text.allSatisfy(\.isWhitespace) }
            return false
        }
    }
}
