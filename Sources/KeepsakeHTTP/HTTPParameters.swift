/// An ordered list of name/value pairs from a query string or a submitted form.
///
/// Names are case-sensitive. Order and repeated names are kept (`tag=a&tag=b`).
public struct HTTPParameters: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The pairs in the order they were sent.
    public private(set) var pairs: [(name: String, value: String)]

    /// Creates a parameter list from pairs in order.
    public init(_ pairs: [(name: String, value: String)] = []) {
        self.pairs = pairs
    }

    /// Creates a parameter list from a literal such as `["q": "cats"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.pairs = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The value of the first pair called `name`, or `nil`.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The values of every pair called `name`, in order.
    public func values(for name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// Whether a pair called `name` is present.
    public func contains(_ name: String) -> Bool {
        pairs.contains { $0.name == name }
    }

    /// The number of pairs.
    public var count: Int { pairs.count }

    /// Whether there are no pairs.
    public var isEmpty: Bool { pairs.isEmpty }

    /// Appends a pair.
    public mutating func add(_ name: String, _ value: String) {
        pairs.append((name: name, value: value))
    }

    /// Iterates over the pairs in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        pairs.makeIterator()
    }
}
