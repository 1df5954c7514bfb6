import KeepsakeHTTP
import KeepsakeSupport

/// The API's routes as they are declared (``WebApp/apiRoutes(thumbnailSizes:)``): each with its
/// method, path, handler and description. A JSON operation's success schema is its handler's
/// answer type and its request schema the body type its handler takes, so the document cannot
/// say one thing while the handler does another.
struct APIRouteTable {
    /// The routes so far.
    private(set) var routes: [APIRoute] = []
    /// The path prefix of the routes added here.
    private let prefix: String
    /// The tag of the operations added here.
    private let tag: String
    /// The store's thumbnail sizes (the `{size}` of image routes).
    let thumbnailSizes: [Int]

    /// An empty table whose routes go under `prefix` with `tag`.
    init(prefix: String, tag: String, thumbnailSizes: [Int]) {
        self.prefix = prefix
        self.tag = tag
        self.thumbnailSizes = thumbnailSizes
    }

    /// Routes under `prefix` with `tag`.
    mutating func group(_ prefix: String, tag: String? = nil, _ body: (inout APIRouteTable) -> Void) {
        var inner = APIRouteTable(prefix: self.prefix + prefix, tag: tag ?? self.tag, thumbnailSizes: thumbnailSizes)
        body(&inner)
        routes += inner.routes
    }

    /// An operation without a body that answers `Answer`.
    mutating func json<Answer: APIResponseBody>(_ method: HTTPMethod, _ path: String, _ doc: APIDoc,
                                                run: @escaping @Sendable (WebApp, APIRequest) async throws -> APIAnswer<Answer>) {
        add(method, path, doc, body: nil, answer: Answer.self, schemas: [:], photos: false) { app, request in try await run(app, request).response }
    }

    /// An operation that takes the JSON body `Input` (with `photos`, also multipart with photos)
    /// and answers `Answer`.
    mutating func json<Input: APIRequestBody, Answer: APIResponseBody>(
        _ method: HTTPMethod, _ path: String, _ doc: APIDoc, input: Input.Type, photos: Bool = false,
        run: @escaping @Sendable (WebApp, APIRequest, Input) async throws -> APIAnswer<Answer>
    ) {
        add(method, path, doc, body: .json(schema: Input.reference, multipartField: photos ? Input.multipartField : nil, maxPhotos: Input.maxPhotos), answer: Answer.self,
            schemas: [Input.schemaName: Input.schema], photos: photos) { app, request in
            try await run(app, request, try request.decode(Input.self)).response
        }
    }

    /// An operation that takes photos (``APIBodyDoc/images(single:)``) and answers `Answer`.
    mutating func photos<Answer: APIResponseBody>(_ method: HTTPMethod, _ path: String, _ doc: APIDoc, single: Bool,
                                                  run: @escaping @Sendable (WebApp, APIRequest) async throws -> APIAnswer<Answer>) {
        add(method, path, doc, body: .images(single: single), answer: Answer.self, schemas: [:], photos: true) { app, request in
            try await run(app, request).response
        }
    }

    /// An operation whose answers are not JSON bodies (image bytes, CSV, `204`): `responses` says
    /// what they are.
    mutating func raw(_ method: HTTPMethod, _ path: String, _ doc: APIDoc, responses: [String: JSONValue],
                      run: @escaping @Sendable (WebApp, APIRequest) async throws -> HTTPResponse) {
        let description = APIOperationDescription(doc: doc, tag: tag, body: nil, responses: responses, schemas: [:])
        routes.append(APIRoute(method: method, path: prefix + path, operation: APIOperation(run: run, parameters: doc.parameters), description: description))
    }

    private mutating func add<Answer: APIResponseBody>(_ method: HTTPMethod, _ path: String, _ doc: APIDoc, body: APIBodyDoc?, answer: Answer.Type,
                                                       schemas: [String: JSONValue], photos: Bool,
                                                       run: @escaping @Sendable (WebApp, APIRequest) async throws -> HTTPResponse) {
        var success: [String: JSONValue] = ["description": .string(doc.answer), "content": ["application/json": ["schema": Answer.reference]]]
        var headers: [String: JSONValue] = [:]
        if doc.etag { headers["ETag"] = ["$ref": "#/components/headers/ETag"] }
        if doc.location { headers["Location"] = ["$ref": "#/components/headers/Location"] }
        if !headers.isEmpty { success["headers"] = .object(headers) }
        if !doc.links.isEmpty {
            success["links"] = .object(doc.links.mapValues { ["operationId": .string($0), "parameters": ["id": "$response.body#/id"]] })
        }
        var responses: [String: JSONValue] = [String(doc.status.rawValue): .object(success)]
        if doc.notModified { responses["304"] = ["description": "Not modified."] }
        var all = schemas
        all[Answer.schemaName] = Answer.schema
        let description = APIOperationDescription(doc: doc, tag: tag, body: body, responses: responses, schemas: all)
        routes.append(APIRoute(method: method, path: prefix + path, operation: APIOperation(run: run, takesPhotos: photos, parameters: doc.parameters),
                               description: description))
    }
}
