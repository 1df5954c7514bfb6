import Foundation

/// A reference to an image in the target state of an operation.
enum ImageRef: Sendable, Hashable {
    /// A stored attachment of the record, by id.
    case existing(Int64)
    /// The k-th image processed for this operation.
    case new(Int)
}

/// The state a record should have after an operation; `nil` from an apply closure means "remove the record".
struct RecordTarget {
    var date: Double
    var fields: [String: FieldValue]
    var trashedAt: Double?
    var images: [ImageRef]
    /// Creation and change times to keep (an import); the commit time when `nil`.
    var createdAt: Double? = nil
    var updatedAt: Double? = nil
    /// The book of a new record (the engine resolves it inside the commit); ignored on updates.
    var book: BookID? = nil
    /// The author of a new record.
    var author: AccountID? = nil
}

