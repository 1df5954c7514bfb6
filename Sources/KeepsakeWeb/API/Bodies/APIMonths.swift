import KeepsakeSupport

/// The schema of a month, `YYYY-MM` (years 1 to 9999, months 01 to 12).
enum APIMonths {
    /// The schema.
    static let schema = JSONSchema.string(pattern: "^([0-9]{3}[1-9]|[0-9]{2}[1-9][0-9]|[0-9][1-9][0-9]{2}|[1-9][0-9]{3})-(0[1-9]|1[0-2])$")
}
