import Foundation
import KeepsakeHTTP

/// The answer of an operation whose success is a JSON body of type `Body`: the route table
/// documents `Body`'s schema for the operation (``APIRouteTable/json(_:_:_:run:)``), so a handler
/// can only answer what the document says.
struct APIAnswer<Body: APIResponseBody>: Sendable {
    /// The HTTP response.
    let response: HTTPResponse

    private init(response: HTTPResponse) {
        self.response = response
    }

    /// `body` as JSON with `status`.
    init(_ body: Body, status: HTTPStatus = .ok) throws {
        response = HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: .data(try APIJSON.encode(body)))
    }

    /// A record's answer: `body` with the record's `ETag`; `304` for a `GET` whose
    /// `If-None-Match` has it; `Location` when given.
    init(_ body: Body, version: Int64, request: APIRequest, status: HTTPStatus = .ok, location: String? = nil) throws {
        let data = try APIJSON.encode(body)
        let validators = HTTPValidators(etag: APIRequest.etag(version))
        var response = validators.response(for: request.http) {
            HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: .data(data))
        }
        if let location { response.headers.set("Location", location) }
        self.response = response
    }

    /// An answer given before and kept for an idempotency key (it was made by one of the
    /// initializers above, for the same operation).
    static func replayed(_ response: HTTPResponse) -> APIAnswer {
        APIAnswer(response: response)
    }
}
