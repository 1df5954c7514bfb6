import KeepsakeSupport

/// The fields every record of the API has: `id`, `version`, `createdAt`, `updatedAt`, `trashedAt`
/// (`null` while the record is live; a trashed record stays readable until it is purged), `book`
/// (the book it is in) and `author` (the account that made it).
enum APIRecordFields {
    /// Their schemas.
    static let common: [String: JSONValue] = [
        "id": JSONSchema.uuid, "version": JSONSchema.integer(minimum: 1), "createdAt": JSONSchema.timestamp, "updatedAt": JSONSchema.timestamp,
        "book": JSONSchema.described(JSONSchema.nullable(JSONSchema.uuid), "The book the record is in (GET /api/v1/me lists the caller's books); null only for a record made before accounts that the store has not upgraded yet."),
        "author": JSONSchema.described(JSONSchema.nullable(JSONSchema.uuid), "The account that made the record; null when the store's local operator made it without one."),
        "trashedAt": JSONSchema.described(JSONSchema.nullableTimestamp, "When the record went to the trash; null while it is live. A trashed record is still read, changed and restored at its address until it is purged."),
    ]
}
