import KeepsakeSupport

/// A whole list: `{"items": [...]}` (search results, a record's photos).
struct APIList<Item: APIResponseBody>: APIResponseBody {
    static var schemaName: String { Item.schemaName + "List" }
    static var schema: JSONValue { JSONSchema.object(required: ["items"], ["items": JSONSchema.array(Item.reference)]) }

    let items: [Item]
}
