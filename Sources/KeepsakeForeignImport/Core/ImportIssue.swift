/// One thing an import skipped, refused or wants the user to know, with where it is in the source.
public struct ImportIssue: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where in the source: `line 12`, `entry 3 (F4CF0509…)`, `Example.json`.
    public var location: String
    /// The source's id of the item, when it has one.
    public var sourceID: String?
    /// Why, in one sentence a person can act on.
    public var reason: String

    /// Creates an issue.
    public init(location: String, sourceID: String? = nil, reason: String) {
        self.location = location
        self.sourceID = sourceID
        self.reason = reason
    }

    /// `<location>: <reason>`.
    public var description: String { "\(location): \(reason)" }
}
