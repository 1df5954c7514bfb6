extension CSV {
    /// One row as read, with the line it starts on.
    public struct Row: Sendable, Hashable {
        /// The 1-based line number where the row starts (a quoted field with line breaks makes a
        /// row span several lines).
        public var line: Int
        /// The fields, unquoted.
        public var fields: [String]
        /// Why the row is malformed, or `nil` when it is well formed.
        public var problem: String?

        /// A row of `fields` starting on `line`.
        public init(line: Int, fields: [String], problem: String? = nil) {
            self.line = line
            self.fields = fields
            self.problem = problem
        }
    }
}
