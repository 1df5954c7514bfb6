/// XML that ``XMLTree/parse(_:)`` cannot read: where, and why.
public struct XMLSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line libxml2 stopped on (1-based).
    public let line: Int
    /// Why, in libxml2's words or Keepsake's (a document cut short), without a final period.
    public let reason: String

    /// "It cannot be read as XML near line N: reason."
    public var description: String { "It cannot be read as XML near line \(line): \(reason)." }
}
