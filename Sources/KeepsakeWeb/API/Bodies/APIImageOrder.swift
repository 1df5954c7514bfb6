import KeepsakeSupport

/// The body of `PUT …/images`: the record's photos in a new order.
struct APIImageOrder: APIRequestBody {
    static let noun = "new order"
    static let multipartField = "order"
    static var schema: JSONValue {
        JSONSchema.object(required: ["order"], [
            "order": JSONSchema.array(JSONSchema.integer(APIParameter.attachmentIDs), minItems: 1, description: "Every image id of the record, once, in the new order."),
        ])
    }

    let order: [Int64]
}
