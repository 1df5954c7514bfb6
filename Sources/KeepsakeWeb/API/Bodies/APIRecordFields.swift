import KeepsakeSupport

/// The fields every record of the API has: `id`, `version`, `createdAt`, `updatedAt`, `trashedAt`
/// (`null` while the record is live; a trashed record stays readable until it is purged).
enum APIRecordFields {
    /// Their schemas.
    static let common: [String: JSONValue] = [
        "id": JSONSchema.uuid, "version": JSONSchema.integer(minimum: 1), "createdAt": JSONSchema.timestamp, "updatedAt": JSONSchema.timestamp,
        "trashedAt": JSONSchema.described(JSONSchema.nullableTimestamp, "When the record went to the trash; null while it is live. A trashed record is still read, changed and restored at its address until it is purged."),
    ]
}
