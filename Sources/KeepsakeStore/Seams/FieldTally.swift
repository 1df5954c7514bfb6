/// One group of a ``FieldTallyRequest``: the values its records share, how many there are, and the
/// sum of the summed field over them.
public struct FieldTally: Sendable, Hashable {
    /// One value per key of the request, in its order: a string or an integer, `nil` where the
    /// records have no such field (a list field is not a group key).
    public var values: [FieldValue?]
    /// The book of the group's records when the request is ``FieldTallyRequest/byBook`` (`nil` for
    /// records in no book, and always `nil` otherwise).
    public var book: BookID?
    /// The number of records in the group.
    public var count: Int
    /// The sum of the request's summed field over the group (0 when none is summed; records without
    /// the field add nothing).
    public var sum: Int64

    /// Creates a group (a metadata store builds these).
    public init(values: [FieldValue?], book: BookID? = nil, count: Int, sum: Int64) {
        self.values = values
        self.book = book
        self.count = count
        self.sum = sum
    }
}
