/// Why a request is answered with an error instead of reaching the handler.
struct RequestFailure: Error {
    /// 400, 413 or 500.
    let status: HTTPStatus
    /// A short sentence for the person who sent the request.
    let message: String

    /// The plain-text answer.
    var response: HTTPResponse { .status(status, message: message) }
}
