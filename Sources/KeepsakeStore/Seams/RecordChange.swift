/// The changeable part of a record row; writing it increments the record's version.
public struct RecordChange: Sendable, Hashable {
    /// The record's date, seconds since 1970.
    public var date: Double
    /// Its fields, whole.
    public var fields: [String: FieldValue]
    /// When it was trashed, or `nil` for a live record.
    public var trashedAt: Double?
    /// Change time, seconds since 1970.
    public var updatedAt: Double

    /// Creates a change.
    public init(date: Double, fields: [String: FieldValue], trashedAt: Double?, updatedAt: Double) {
        self.date = date
        self.fields = fields
        self.trashedAt = trashedAt
        self.updatedAt = updatedAt
    }
}
