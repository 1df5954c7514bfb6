import KeepsakeSupport

/// The schema of a day, `YYYY-MM-DD` (years 1 to 9999).
enum APIDays {
    /// The schema.
    static func schema(description: String? = nil) -> JSONValue {
        JSONSchema.string(pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", format: "date", description: description)
    }
}
