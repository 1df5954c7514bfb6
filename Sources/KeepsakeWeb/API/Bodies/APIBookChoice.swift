import KeepsakeStore
import KeepsakeSupport

/// The optional `book` of a create body (a diary entry, a transaction, a post): which of the
/// caller's books of that app the new record goes in. The engine applies the access rule
/// (``KeepsakeStore/Store/create(_:)``): a book the caller does not read is `404` as if it did not
/// exist, one it reads but may not write `403`, a book of another app `400`.
enum APIBookChoice {
    /// The schema of the field for the app named `app` ("diary").
    static func schema(app: String) -> JSONValue {
        JSONSchema.described(JSONSchema.uuid,
                             "The book to make the record in: the id of a \(app) book the caller may write (GET /api/v1/me lists the caller's books). "
                             + "Default: the caller's own \(app) book. A book the caller cannot read is 404, one it may only read 403, a book of another app 400.")
    }

    /// The book id in `text`; `nil` when absent; `invalidArgument` when it is not a book id.
    static func book(_ text: String?) throws -> BookID? {
        try text.map { try BookID(parsing: $0) }
    }
}
