/// What a ``Router`` found for a request.
public enum RouterMatch<Handler: Sendable>: Sendable {
    /// A route matched: its handler, the route and the path parameters.
    case found(Handler, RouterRoute, RouterParameters)
    /// The path matches routes, but none for this method: answer `405` with these in `Allow`.
    case methodNotAllowed([HTTPMethod])
    /// No route has this path.
    case notFound
}
