import KeepsakeHTTP
import KeepsakeSupport

/// What the OpenAPI document says about one operation besides its body types: its id, summary,
/// parameters and the headers of its success.
struct APIDoc: Sendable {
    /// The `operationId`.
    let id: String
    /// One line.
    let summary: String
    /// The description of the success response.
    var answer: String
    /// The status of the success.
    var status: HTTPStatus = .ok
    /// The parameters.
    var parameters: [APIParameter] = []
    /// Whether the success carries the record's `ETag`.
    var etag = false
    /// Whether the success carries `Location`.
    var location = false
    /// Whether a `GET` may answer `304` (a current `If-None-Match`).
    var notModified = false
    /// More to say than the summary.
    var description: String?
    /// The operations a client may call next with the answer's `id` (`links`), by name.
    var links: [String: String] = [:]

    /// The facts of an operation (the summary of its success is `answer`).
    init(_ id: String, _ summary: String, answer: String, status: HTTPStatus = .ok, parameters: [APIParameter] = [], etag: Bool = false,
         location: Bool = false, notModified: Bool = false, description: String? = nil, links: [String: String] = [:]) {
        self.id = id
        self.summary = summary
        self.answer = answer
        self.status = status
        self.parameters = parameters
        self.etag = etag
        self.location = location
        self.notModified = notModified
        self.description = description
        self.links = links
    }
}
