/// What a metadata store or a blob store is and how big, for `keepsake status` and the web's store
/// page: a kind, where it lives, and figures of its own.
public struct BackendStatus: Sendable, Hashable, Codable {
    /// One labelled figure.
    public struct Figure: Sendable, Hashable, Codable {
        /// What it is, e.g. "database file" or "bucket".
        public var label: String
        /// Its value as text.
        public var value: String

        /// Creates a figure.
        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    /// The implementation: `sqlite`, `folder`, `postgresql`, `s3`.
    public var kind: String
    /// Where it lives (a folder, a URL without credentials).
    public var location: String
    /// Figures of this backend, in display order.
    public var figures: [Figure]

    /// Creates a status.
    public init(kind: String, location: String, figures: [Figure] = []) {
        self.kind = kind
        self.location = location
        self.figures = figures
    }
}
