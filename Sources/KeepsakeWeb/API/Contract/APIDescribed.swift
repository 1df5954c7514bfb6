import KeepsakeSupport

/// A body of the API (a request's or a response's) that describes itself: its name among the
/// OpenAPI document's schemas and its JSON Schema, written next to its properties with the apps'
/// own limits (``DiaryLimits`` and the like). The document (``APIDocument``) collects these, and
/// `APIDocumentTests` checks each type's real JSON against its schema.
protocol APIDescribed {
    /// The name under `#/components/schemas`.
    static var schemaName: String { get }
    /// The JSON Schema.
    static var schema: JSONValue { get }
}

extension APIDescribed {
    /// The type's name without its `API` prefix (`APIDiaryEntry`: `DiaryEntry`).
    static var schemaName: String {
        let name = String(describing: self)
        return name.hasPrefix("API") ? String(name.dropFirst(3)) : name
    }

    /// A reference to the schema: `{"$ref": "#/components/schemas/<name>"}`.
    static var reference: JSONValue { ["$ref": .string("#/components/schemas/" + schemaName)] }
}

/// A JSON body the API answers with.
protocol APIResponseBody: APIDescribed, Encodable, Sendable {}
