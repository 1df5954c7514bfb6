import Foundation
import KeepsakeDiary
import KeepsakeFeed
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore

/// How the API writes the apps' values as JSON (the schemas `DiaryEntry`, `Transaction`, `Post`,
/// `Image` of docs/API.md and the OpenAPI document).
enum APIRepresentation {
    /// The API path of a diary entry.
    static func entryPath(_ id: RecordID) -> String { "\(WebApp.apiPrefix)/diary/entries/\(id.string)" }
    /// The API path of a transaction.
    static func transactionPath(_ id: RecordID) -> String { "\(WebApp.apiPrefix)/ledger/transactions/\(id.string)" }
    /// The API path of a post.
    static func postPath(_ id: RecordID) -> String { "\(WebApp.apiPrefix)/feed/posts/\(id.string)" }

    /// One stored image: its facts and where its original and thumbnails are (`base`: the path of
    /// the image resource, e.g. `/api/v1/diary/entries/<id>/images/<attachment id>`).
    static func image(_ attachment: Attachment, base: String, sizes: [Int]) -> APIJSONValue {
        var thumbnails: [String: APIJSONValue] = [:]
        for size in sizes { thumbnails[String(size)] = .string("\(base)/thumbnails/\(size)") }
        return [
            "id": .integer(attachment.id),
            "position": .int(attachment.position),
            "mediaType": .string(attachment.mediaType),
            "width": .int(attachment.width),
            "height": .int(attachment.height),
            "byteSize": .integer(attachment.byteSize),
            "sha256": .string(attachment.sha256),
            "capturedAt": .timestamp(attachment.capturedAt),
            "createdAt": .timestamp(attachment.createdAt),
            "original": .string("\(base)/original"),
            "thumbnails": .object(thumbnails),
        ]
    }

    /// A diary entry.
    static func entry(_ entry: DiaryEntry, sizes: [Int]) -> APIJSONValue {
        let base = entryPath(entry.id)
        return [
            "id": .string(entry.id.string),
            "version": .integer(entry.version),
            "moment": .timestamp(entry.moment),
            "timeZone": .string(entry.timeZone.identifier),
            "day": .string(entry.day.string),
            "emotion": .string(entry.emotion.rawValue),
            "intensity": .int(entry.intensity),
            "title": .optional(entry.title),
            "text": .string(entry.text),
            "tags": .array(entry.tags.map(APIJSONValue.string)),
            "images": .array(entry.images.map { image($0, base: "\(base)/images/\($0.id)", sizes: sizes) }),
            "createdAt": .timestamp(entry.createdAt),
            "updatedAt": .timestamp(entry.updatedAt),
            "trashedAt": .timestamp(entry.trashedAt),
        ]
    }

    /// A ledger transaction.
    static func transaction(_ transaction: LedgerTransaction, sizes: [Int]) -> APIJSONValue {
        let base = transactionPath(transaction.id)
        return [
            "id": .string(transaction.id.string),
            "version": .integer(transaction.version),
            "date": .string(transaction.date.string),
            "kind": .string(transaction.kind.rawValue),
            "amount": .string(transaction.amount.amountString),
            "currency": .string(transaction.amount.currency.code),
            "minorUnits": .integer(transaction.amount.minorUnits),
            "category": .string(transaction.category),
            "memo": .string(transaction.memo),
            "receipt": transaction.receipt.map { image($0, base: "\(base)/receipt", sizes: sizes) } ?? .null,
            "createdAt": .timestamp(transaction.createdAt),
            "updatedAt": .timestamp(transaction.updatedAt),
            "trashedAt": .timestamp(transaction.trashedAt),
        ]
    }

    /// A feed post.
    static func post(_ post: FeedItem, sizes: [Int]) -> APIJSONValue {
        let base = postPath(post.id)
        return [
            "id": .string(post.id.string),
            "version": .integer(post.version),
            "title": .string(post.title),
            "contents": .string(post.contents),
            "date": .timestamp(post.date),
            "images": .array(post.images.map { image($0, base: "\(base)/images/\($0.id)", sizes: sizes) }),
            "createdAt": .timestamp(post.createdAt),
            "updatedAt": .timestamp(post.updatedAt),
            "trashedAt": .timestamp(post.trashedAt),
        ]
    }

    /// A page of a list: `{"items": [...], "nextCursor": "…" | null}`.
    static func page(_ items: [APIJSONValue], next: RecordCursor?) -> APIJSONValue {
        ["items": .array(items), "nextCursor": .optional(next?.description)]
    }

    /// A JSON answer.
    static func response(_ value: APIJSONValue, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: .data(value.data))
    }

    /// A record's answer: its JSON with its `ETag`; `304` for a `GET` whose `If-None-Match` has it.
    static func record(_ value: APIJSONValue, version: Int64, request: APIRequest, status: HTTPStatus = .ok,
                       location: String? = nil) -> HTTPResponse {
        let validators = HTTPValidators(etag: APIRequest.etag(version))
        var response = validators.response(for: request.http) { self.response(value, status: status) }
        if let location { response.headers.set("Location", location) }
        return response
    }
}
