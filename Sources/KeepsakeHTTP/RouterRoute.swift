/// One route of a ``Router``: a method and a path pattern (a `GET` route answers `HEAD` too).
public struct RouterRoute: Sendable, Hashable, CustomStringConvertible {
    /// The method.
    public let method: HTTPMethod
    /// The path pattern, with its group's prefix.
    public let pattern: RouterPattern

    /// Creates a route.
    public init(method: HTTPMethod, pattern: RouterPattern) {
        self.method = method
        self.pattern = pattern
    }

    /// `GET /diary/entries/{id:uuid}`.
    public var description: String { "\(method) \(pattern)" }
}
