/// The parts of an HTTP request that AWS Signature Version 4 covers.
public struct SigV4Request: Sendable, Hashable {
    /// The method (`GET`, `PUT`, …).
    public var method: String
    /// The path, not percent-encoded (`/bucket/photos/행복.jpg`); the signer encodes it.
    public var path: String
    /// Query parameters, not percent-encoded, in any order (a name may repeat).
    public var query: [(name: String, value: String)]
    /// Headers in the order given (a name may repeat); all of them are signed, so give only those
    /// that will be sent exactly so. `host` is required.
    public var headers: [(name: String, value: String)]

    /// Creates a request.
    public init(method: String, path: String, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }

    /// The value of the first header named `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Equal when method, path, query and headers are, in order.
    public static func == (a: SigV4Request, b: SigV4Request) -> Bool {
        a.method == b.method && a.path == b.path && a.query.elementsEqual(b.query, by: ==) && a.headers.elementsEqual(b.headers, by: ==)
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
        for (name, value) in query { hasher.combine(name); hasher.combine(value) }
        for (name, value) in headers { hasher.combine(name); hasher.combine(value) }
    }
}
