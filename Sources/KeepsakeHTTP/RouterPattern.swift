/// A path pattern of a ``Router`` route: literal segments and named parameters, e.g.
/// `/diary/entries/{id:uuid}/images/{attachment:int}`.
///
/// A parameter `{name}` matches any one segment; `{name:kind}` matches only the segments the
/// router's constraint `kind` accepts (so a malformed id never reaches a handler: the route simply
/// does not match). A parameter is always a whole segment, matched against the segment as
/// percent-decoded on its own (an encoded `/` stays inside it).
public struct RouterPattern: Sendable, Hashable, CustomStringConvertible {
    /// One segment of a pattern.
    public enum Segment: Sendable, Hashable {
        /// This exact text.
        case literal(String)
        /// Any segment the constraint accepts (`nil`: any segment), kept under `name`.
        case parameter(name: String, constraint: String?)
    }

    /// The segments in order (an empty list is the root, `/`).
    public let segments: [Segment]

    /// Parses `text` (`/a/{b}/{c:int}`); leading, trailing and repeated slashes are ignored.
    ///
    /// A malformed pattern (an unclosed brace, an empty or repeated parameter name) is a
    /// programming error and stops the program with a message naming the pattern.
    public init(_ text: String) {
        var names = Set<String>()
        segments = text.split(separator: "/").map { part -> Segment in
            guard part.hasPrefix("{") else {
                precondition(!part.contains("{") && !part.contains("}"), "Route pattern \(text): a brace inside a literal segment")
                return .literal(String(part))
            }
            precondition(part.hasSuffix("}") && part.count > 2, "Route pattern \(text): parameter \(part) is not {name} or {name:kind}")
            let inner = part.dropFirst().dropLast()
            let pieces = inner.split(separator: ":", maxSplits: 1).map(String.init)
            precondition(!pieces[0].isEmpty && names.insert(pieces[0]).inserted, "Route pattern \(text): parameter names must be unique and non-empty")
            return .parameter(name: pieces[0], constraint: pieces.count > 1 ? pieces[1] : nil)
        }
    }

    private init(segments: [Segment]) {
        self.segments = segments
    }

    /// This pattern under `prefix` (a group's prefix).
    func prefixed(by prefix: RouterPattern) -> RouterPattern {
        RouterPattern(segments: prefix.segments + segments)
    }

    /// The pattern as written, with constraints: `/diary/entries/{id:uuid}`.
    public var description: String {
        "/" + segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter(let name, let constraint?): "{\(name):\(constraint)}"
            case .parameter(let name, nil): "{\(name)}"
            }
        }.joined(separator: "/")
    }

    /// The pattern as OpenAPI writes paths, without constraints: `/diary/entries/{id}`.
    public var template: String {
        "/" + segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter(let name, _): "{\(name)}"
            }
        }.joined(separator: "/")
    }

    /// How specific the pattern is, segment by segment (a literal beats a parameter, a constrained
    /// parameter beats a free one): of two patterns matching one path, the more specific wins.
    var specificity: [Int] {
        segments.map { segment in
            switch segment {
            case .literal: 2
            case .parameter(_, let constraint): constraint == nil ? 0 : 1
            }
        }
    }
}
