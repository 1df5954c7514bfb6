/// Routing as data: a table of method + path pattern → handler, with groups by prefix, matched once
/// per request.
///
/// ```swift
/// var router = Router<Handler>(constraints: ["uuid": { UUID(uuidString: $0) != nil }])
/// router.get("/", home)
/// router.group("/diary") { diary in
///     diary.get("/", timeline)
///     diary.get("/{id:uuid}", entry)
///     diary.post("/{id:uuid}/delete", delete)
/// }
/// switch router.match(request.method, request.pathSegments) {
/// case .found(let handler, _, let parameters): return try await handler(request, parameters)
/// case .methodNotAllowed(let allowed): return .methodNotAllowed(allowed: allowed)
/// case .notFound: return .notFound()
/// }
/// ```
///
/// `Handler` is whatever the application calls (a closure, an enum of kinds of handler); the router
/// only stores and finds it. A `GET` route answers `HEAD` as well. When several patterns match a
/// path, the most specific wins, segment by segment from the left: a literal beats a constrained
/// parameter, which beats a free one (`/images/order` before `/images/{id}`). Adding the same method
/// and pattern twice is a programming error.
public struct Router<Handler: Sendable>: Sendable {
    /// A check of one path segment for `{name:kind}` parameters.
    public typealias Constraint = @Sendable (String) -> Bool

    /// One route, its handler and its pattern's specificity.
    private struct Entry: Sendable {
        let route: RouterRoute
        let handler: Handler
        let specificity: [Int]
        /// The constraint of each constrained parameter with its segment's position, looked up
        /// once when the route is added rather than by name for every request.
        let checks: [(position: Int, check: Constraint)]
    }

    /// What a path must have for a pattern to match it: as many segments, and the same first
    /// segment where the pattern's is a literal (`nil`: a parameter, or no segment at all).
    private struct Shape: Hashable {
        let segmentCount: Int
        let firstLiteral: String?
    }

    private var entries: [Entry] = []
    /// The indices in ``entries`` of the patterns of each shape, in the order added: a path is
    /// matched against those of its segment count whose first literal is its first segment, and
    /// those that start with a parameter.
    private var entriesByShape: [Shape: [Int]] = [:]
    private let constraints: [String: Constraint]
    private var prefix = RouterPattern("/")

    /// An empty router that knows the parameter constraints `constraints` (by kind name).
    public init(constraints: [String: Constraint] = [:]) {
        self.constraints = constraints
    }

    /// Every route, in the order added.
    public var routes: [RouterRoute] { entries.map(\.route) }

    /// Adds a route for `method` and `pattern` (under the current group's prefix).
    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: Handler) {
        let route = RouterRoute(method: method, pattern: RouterPattern(pattern).prefixed(by: prefix))
        let checks = route.pattern.segments.enumerated().compactMap { position, part -> (position: Int, check: Constraint)? in
            guard case .parameter(_, let kind?) = part else { return nil }
            guard let check = constraints[kind] else { preconditionFailure("Route \(route): no constraint named \(kind)") }
            return (position, check)
        }
        precondition(!entries.contains { $0.route == route }, "Route \(route) is added twice")
        entriesByShape[Self.shape(of: route.pattern), default: []].append(entries.count)
        entries.append(Entry(route: route, handler: handler, specificity: route.pattern.specificity, checks: checks))
    }

    /// Adds a `GET` route (it answers `HEAD` too).
    public mutating func get(_ pattern: String, _ handler: Handler) { add(.get, pattern, handler) }
    /// Adds a `POST` route.
    public mutating func post(_ pattern: String, _ handler: Handler) { add(.post, pattern, handler) }
    /// Adds a `PUT` route.
    public mutating func put(_ pattern: String, _ handler: Handler) { add(.put, pattern, handler) }
    /// Adds a `PATCH` route.
    public mutating func patch(_ pattern: String, _ handler: Handler) { add(.patch, pattern, handler) }
    /// Adds a `DELETE` route.
    public mutating func delete(_ pattern: String, _ handler: Handler) { add(.delete, pattern, handler) }

    /// Adds the routes `body` adds, each under `prefix` (groups nest).
    public mutating func group(_ prefix: String, _ body: (inout Router<Handler>) -> Void) {
        let outer = self.prefix
        self.prefix = RouterPattern(prefix).prefixed(by: outer)
        body(&self)
        self.prefix = outer
    }

    /// Finds the route for `method` and the path's `segments` (``HTTPRequest/pathSegments``).
    public func match(_ method: HTTPMethod, _ segments: [String]) -> RouterMatch<Handler> {
        var (best, allowed) = bestEntry(method, segments, collectingAllowed: true)
        if let best {
            let entry = entries[best]
            return .found(entry.handler, entry.route, RouterParameters(parameters(of: entry.route.pattern, segments)))
        }
        guard !allowed.isEmpty else { return .notFound }
        if allowed.contains(.get) && !allowed.contains(.head) { allowed.insert(.head, at: allowed.firstIndex(of: .get)! + 1) }
        return .methodNotAllowed(allowed)
    }

    /// The handler of the route ``match(_:_:)`` finds, or `nil` when it finds none, without
    /// building the route's parameters or the methods allowed: for a caller that only asks which
    /// route answers (the polling thread's answer to an image).
    public func handler(_ method: HTTPMethod, _ segments: [String]) -> Handler? {
        bestEntry(method, segments, collectingAllowed: false).best.map { entries[$0].handler }
    }

    /// The index of the most specific route for `method` matching `segments`, and (when
    /// `collectingAllowed`; else empty) the methods of every route whose pattern matches.
    private func bestEntry(_ method: HTTPMethod, _ segments: [String], collectingAllowed: Bool) -> (best: Int?, allowed: [HTTPMethod]) {
        var best: Int?
        var allowed: [HTTPMethod] = []
        for index in candidates(for: segments) {
            // By index, not by a copy of the entry: nothing of it is retained to be looked at.
            guard matches(index, segments) else { continue }
            let routeMethod = entries[index].route.method
            if collectingAllowed, !allowed.contains(routeMethod) { allowed.append(routeMethod) }
            guard routeMethod == method || (method == .head && routeMethod == .get) else { continue }
            if best == nil || entries[best!].specificity.lexicographicallyPrecedes(entries[index].specificity) {
                best = index
            }
        }
        return (best, allowed)
    }

    /// The shape a path must have to match `pattern`.
    private static func shape(of pattern: RouterPattern) -> Shape {
        if case .literal(let text)? = pattern.segments.first { return Shape(segmentCount: pattern.segments.count, firstLiteral: text) }
        return Shape(segmentCount: pattern.segments.count, firstLiteral: nil)
    }

    /// The indices of the entries that may match `segments`, in the order they were added.
    private func candidates(for segments: [String]) -> [Int] {
        let open = entriesByShape[Shape(segmentCount: segments.count, firstLiteral: nil)] ?? []
        guard let first = segments.first, let literal = entriesByShape[Shape(segmentCount: segments.count, firstLiteral: first)] else { return open }
        guard !open.isEmpty else { return literal }
        var merged: [Int] = []
        merged.reserveCapacity(open.count + literal.count)
        var (i, j) = (0, 0)
        while i < open.count || j < literal.count {
            if j == literal.count || (i < open.count && open[i] < literal[j]) {
                merged.append(open[i])
                i += 1
            } else {
                merged.append(literal[j])
                j += 1
            }
        }
        return merged
    }

    /// Whether `segments` match the pattern of the entry at `index`: as many, each literal the
    /// same, each constrained parameter passing its check.
    private func matches(_ index: Int, _ segments: [String]) -> Bool {
        let parts = entries[index].route.pattern.segments
        guard parts.count == segments.count else { return false }
        // The literals first: most patterns fail on one, before any constraint runs.
        for (part, segment) in zip(parts, segments) {
            if case .literal(let text) = part, text != segment { return false }
        }
        return entries[index].checks.allSatisfy { $0.check(segments[$0.position]) }
    }

    /// The parameters of `segments` under `pattern`, which they match.
    private func parameters(of pattern: RouterPattern, _ segments: [String]) -> [String: String] {
        var parameters: [String: String] = [:]
        for (part, segment) in zip(pattern.segments, segments) {
            if case .parameter(let name, _) = part { parameters[name] = segment }
        }
        return parameters
    }
}
