import Foundation
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeSupport

/// A failure answered as `application/problem+json` (RFC 9457): `type`, `title`, `status`,
/// `detail`, and Keepsake's own `code` (a ``KeepsakeError/Code`` or one of the API's codes below)
/// with the `remedy` (its name and sentence) where something can be done.
struct APIProblem: Error, Sendable {
    /// The status.
    var status: HTTPStatus
    /// The code: a ``KeepsakeError/Code`` raw value, or `unauthorized`, `forbidden`,
    /// `methodNotAllowed`, `preconditionFailed`, `idempotencyKeyMissing`, `idempotencyKeyReused`,
    /// `idempotencyKeyInProgress`, `unsupportedMediaType`, `tooManyRequests`, `rangeNotSatisfiable`.
    var code: String
    /// One sentence saying what went wrong.
    var detail: String
    /// What can be done.
    var remedy: KeepsakeError.Remedy?
    /// More header fields (`Allow`, `Retry-After`, `WWW-Authenticate`).
    var headers: HTTPHeaders = [:]

    /// The problem of a failure: a ``KeepsakeError`` with the status its code calls for
    /// (``WebApp/status(for:)``), a version conflict as `412` when the request carried `If-Match`;
    /// a ``WriteRefusal`` (the write path's) likewise, with its sentence in the request's language;
    /// anything else `500` (its details go to the log only). The detail never names a path of the
    /// server's disk (``ServerPaths``).
    static func from(_ error: any Error, ifMatch: Bool) -> APIProblem {
        if let problem = error as? APIProblem { return problem }
        if let refusal = error as? WriteRefusal {
            // The write path's refusal: its code and status, its sentence in the request's language.
            var problem = from(refusal.error, ifMatch: ifMatch)
            if problem.status != .internalServerError { problem.detail = refusal.message }
            return problem
        }
        let error = KeepsakeError.wrapping(error)
        var status = WebApp.status(for: error.code)
        if ifMatch, error.code == .conflict, error.remedy == .reloadAndRetry { status = .preconditionFailed }
        let detail = status == .internalServerError && error.code == .unexpected
            ? "Something unexpected failed; see the server's log." : ServerPaths.removed(from: error.message)
        return APIProblem(status: status, code: error.code.rawValue, detail: detail, remedy: error.remedy)
    }

    /// The response.
    var response: HTTPResponse {
        var body: [String: JSONValue] = [
            "type": .string("urn:keepsake:problem:" + code),
            "title": .string(status.reasonPhrase),
            "status": .integer(Int64(status.rawValue)),
            "detail": .string(detail),
            "code": .string(code),
        ]
        if let remedy {
            body["remedy"] = .string(remedy.rawValue)
            body["remedyText"] = .string(remedy.sentence)
        }
        var response = HTTPResponse(status: status, headers: ["Content-Type": "application/problem+json"],
                                    body: .data(JSONValue.object(body).data))
        for (name, value) in headers { response.headers.add(name, value) }
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// 401: no token, or one that is not good (`WWW-Authenticate: Bearer`).
    static func unauthorized(_ detail: String) -> APIProblem {
        APIProblem(status: .unauthorized, code: "unauthorized", detail: detail, headers: ["WWW-Authenticate": "Bearer realm=\"keepsake\""])
    }

    /// 400 for a malformed request (a query value, a header).
    static func invalid(_ detail: String) -> APIProblem {
        APIProblem(status: .badRequest, code: KeepsakeError.Code.invalidArgument.rawValue, detail: detail)
    }
}

extension APIProblem: APIDescribed {
    static var schema: JSONValue {
        ["type": "object", "required": ["type", "title", "status", "detail", "code"],
         "description": "RFC 9457 problem details with Keepsake's code and remedy.",
         "properties": [
            "type": JSONSchema.string(), "title": JSONSchema.string(), "status": JSONSchema.integer(), "detail": JSONSchema.string(),
            "code": JSONSchema.string(description: "A KeepsakeError code (notFound, invalidArgument, conflict, …) or one of the API's own (unauthorized, forbidden, methodNotAllowed, preconditionFailed, idempotencyKeyMissing, idempotencyKeyReused, idempotencyKeyInProgress, unsupportedMediaType, tooManyRequests, rangeNotSatisfiable)."),
            "remedy": JSONSchema.string(), "remedyText": JSONSchema.string(),
         ]]
    }
}
