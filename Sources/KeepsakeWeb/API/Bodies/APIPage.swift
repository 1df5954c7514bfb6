import KeepsakeStore
import KeepsakeSupport

/// One page of a list: `{"items": [...], "nextCursor": "…" | null}`.
struct APIPage<Item: APIResponseBody>: APIResponseBody {
    static var schemaName: String { Item.schemaName + "Page" }
    static var schema: JSONValue {
        JSONSchema.object(required: ["items", "nextCursor"], [
            "items": JSONSchema.array(Item.reference),
            "nextCursor": JSONSchema.described(JSONSchema.nullable(JSONSchema.string()), "Pass as after= for the next page; null on the last."),
        ])
    }

    let items: [Item]
    @APINull var nextCursor: String?

    /// `items`, and the cursor of the page after them.
    init(_ items: [Item], next: RecordCursor?) {
        self.items = items
        nextCursor = next?.description
    }
}
