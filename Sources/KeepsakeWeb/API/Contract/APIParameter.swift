import KeepsakeSupport

/// A parameter of an operation (a query parameter, a header or a path segment): its name, where
/// it goes and its schema. The route table names each operation's parameters (``APIRoute``), the
/// document lists them, and ``WebApp/checkParameters(_:of:)`` refuses a request whose values the
/// schemas do not allow before the handler runs; handlers read integers through the same values
/// (``APIRequest/integer(_:)``), so a range is written once.
struct APIParameter: Sendable {
    /// Where a parameter goes.
    enum Location: String, Sendable {
        case query, header, path
    }

    /// The name.
    let name: String
    /// Where it goes.
    let location: Location
    /// Whether a request must carry it.
    var required = false
    /// Its schema.
    let schema: JSONValue
    /// What it means.
    var description: String?
    /// Its name under `#/components/parameters`, for the parameters many operations share.
    var component: String?
    /// The allowed whole numbers, for an integer parameter.
    var range: ClosedRange<Int>?
    /// The value when absent, for an integer parameter.
    var defaultValue: Int?
    /// The `code` of the problem that refuses a bad value (`invalidArgument` when `nil`).
    var problemCode: String?

    /// An integer query parameter in `range`.
    static func integer(_ name: String, _ range: ClosedRange<Int>, default value: Int? = nil, required: Bool = false,
                        description: String? = nil, component: String? = nil) -> APIParameter {
        APIParameter(name: name, location: .query, required: required, schema: JSONSchema.integer(range, defaultValue: value),
                     description: description, component: component, range: range, defaultValue: value)
    }

    /// A query parameter of another type.
    static func query(_ name: String, _ schema: JSONValue, required: Bool = false, description: String? = nil) -> APIParameter {
        APIParameter(name: name, location: .query, required: required, schema: schema, description: description)
    }

    /// The JSON of the parameter in the document.
    var document: JSONValue {
        var fields: [String: JSONValue] = ["name": .string(name), "in": .string(location.rawValue), "schema": schema]
        if required || location == .path { fields["required"] = true }
        if let description { fields["description"] = .string(description) }
        return .object(fields)
    }
}

extension APIParameter {
    /// The ids of attachments.
    static let attachmentIDs: ClosedRange<Int64> = 1...999_999_999_999
    /// A page cursor: the `nextCursor` of a page (a number, `_`, a record id); empty is no cursor.
    static let cursorPattern = "^(([0-9]{1,19}|1[0-7][0-9]{18})_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})?$"
    /// The entity tags `If-Match` may list: `*`, or strong tags of versions (`"v3"`).
    static let entityTagsPattern = "^[ \\t]*((\\*|\"v[0-9]{1,18}\")([ \\t]*,[ \\t]*(\\*|\"v[0-9]{1,18}\"))*)?[ \\t]*$"

    /// `{id}`: a record id.
    static let recordID = APIParameter(name: "id", location: .path, required: true, schema: JSONSchema.uuid, component: "RecordId")
    /// `{attachment}`: an image id of the record.
    static let attachment = APIParameter(name: "attachment", location: .path, required: true,
                                         schema: JSONSchema.string(pattern: "^[1-9][0-9]{0,11}$", description: "An image id (a whole number from 1), as the record's images list it."),
                                         component: "AttachmentId")
    /// `limit`: how many items a page holds.
    static let limit = integer("limit", 1...100, default: 20, component: "Limit")
    /// `limit` of a search.
    static let searchLimit = integer("limit", 1...100, default: 50)
    /// `after`: the cursor of the previous page.
    static let after = APIParameter(name: "after", location: .query, schema: JSONSchema.string(pattern: cursorPattern),
                                    description: "The nextCursor of the previous page (empty or absent: the first page).", component: "After")
    /// `q`: the words of a search.
    static let words = query("q", JSONSchema.string(minLength: 1, maxLength: 500, pattern: APIText.notBlank,
                                                   description: "The words to look for (at least one character that is not white space)."),
                             required: true)
    /// `after` of the change feed: the `next` of the previous page.
    static let changesAfter = integer("after", 0...999_999_999_999_999_999, default: 0, description: "The `next` of the previous page (0 for a first sync).")
    /// `limit` of the change feed.
    static let changesLimit = integer("limit", 1...1000, default: 100)
    /// `wait` of the change feed: a long poll.
    static let changesWait = integer("wait", 0...WebApp.maxLongPollSeconds, default: 0,
                                     description: "Seconds to wait for a change when there is none yet (a long poll).")
    /// `position` of new photos: before this one (at the end without it).
    static let position = integer("position", 0...1000, description: "Insert before this position (default: at the end).")
    /// `year` of a report.
    static let year = integer("year", 1...9999, required: true)
    /// `month` of a category report (the whole year without it).
    static let reportMonth = integer("month", 1...12)
    /// `If-Match`: the version a change is based on.
    static let ifMatch = APIParameter(name: "If-Match", location: .header,
                                      schema: JSONSchema.string(pattern: entityTagsPattern),
                                      description: "The ETag the change is based on (\"v3\"): 412 if the record has changed since. * (any version) or a list of strong tags, all of one version; empty is no precondition.",
                                      component: "IfMatch")
    /// `If-None-Match`: a read that answers 304 for a current tag.
    static let ifNoneMatch = APIParameter(name: "If-None-Match", location: .header, schema: JSONSchema.string(), component: "IfNoneMatch")
    /// `Idempotency-Key`: one per request, the same on its retries.
    static let idempotencyKey = APIParameter(name: "Idempotency-Key", location: .header, required: true,
                                             schema: JSONSchema.string(minLength: 1, maxLength: WebApp.maxIdempotencyKeyLength, pattern: "^[!-~]+$"),
                                             description: "A new random value per request (a UUID), the same on its retries: a retry returns the first answer and changes nothing. Kept 24 hours.",
                                             component: "IdempotencyKey", problemCode: "idempotencyKeyMissing")
    /// `Range`: one byte range of an image.
    static let range = APIParameter(name: "Range", location: .header, schema: JSONSchema.string(),
                                    description: "One byte range, bytes=START-END, bytes=START- or bytes=-SUFFIX.", component: "Range")
    /// `If-Range`: the range only if the image is still this one.
    static let ifRange = APIParameter(name: "If-Range", location: .header, schema: JSONSchema.string(), component: "IfRange")

    /// `{size}`: one of the store's thumbnail sizes.
    static func thumbnailSize(_ sizes: [Int]) -> APIParameter {
        APIParameter(name: "size", location: .path, required: true, schema: JSONSchema.string(values: sizes.map(String.init)),
                     description: "One of the store's thumbnail sizes (256 and 1024 unless configured otherwise).", component: "ThumbnailSize")
    }
}
