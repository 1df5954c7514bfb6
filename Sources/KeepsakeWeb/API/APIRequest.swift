import Foundation
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeSupport

/// One accepted API request: the HTTP request, the route's parameters and the token it came with.
struct APIRequest: Sendable {
    /// The request.
    let http: HTTPRequest
    /// The path parameters of the route.
    let parameters: RouterParameters
    /// The token the request was made with.
    let token: APITokenInfo
    /// The account the token acts as (as read for this request).
    let account: Account

    /// The record id of the route's `{id:uuid}` (the router's constraint has checked it).
    var id: RecordID { (try? RecordID(parsing: parameters["id"] ?? "")) ?? RecordID() }

    /// The attachment id of the route's `{attachment:id}`.
    var attachmentID: Int64 { WebApp.attachmentID(parameters["attachment"] ?? "") ?? 0 }

    /// The language of the request's refusals: `Accept-Language`'s choice among the web app's
    /// languages, English by default (``Language/negotiate(cookie:acceptLanguage:)``, no cookie).
    var language: Language { Language.negotiate(cookie: nil, acceptLanguage: http.headers["Accept-Language"]) }

    /// A query parameter, trimmed; `nil` when absent or blank.
    func query(_ name: String) -> String? {
        guard let value = http.query[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// An integer query parameter (``APIParameter/integer(_:_:default:required:description:component:)``):
    /// its default when absent; 400 outside its range.
    func integer(_ parameter: APIParameter) throws -> Int? {
        guard let text = query(parameter.name) else { return parameter.defaultValue }
        let range = parameter.range ?? Int.min...Int.max
        guard text.utf8.count <= 19, text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }), let value = Int(text),
              range.contains(value) else {
            throw APIProblem.invalid("The query parameter \(parameter.name) must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    /// An integer parameter that has a default.
    func count(_ parameter: APIParameter) throws -> Int {
        try integer(parameter) ?? parameter.defaultValue ?? 0
    }

    /// A boolean query parameter (`true`/`false`); `false` when absent.
    func flag(_ name: String) throws -> Bool {
        switch query(name) {
        case nil, "false": return false
        case "true": return true
        default: throw APIProblem.invalid("The query parameter \(name) must be true or false.")
        }
    }

    /// The page cursor of `?after=`; 400 when malformed.
    func cursor() throws -> RecordCursor? {
        guard let text = query("after") else { return nil }
        do {
            return try RecordCursor(parsing: text)
        } catch {
            throw APIProblem.invalid("The query parameter after must be a cursor from a previous page's nextCursor.")
        }
    }

    /// The version `If-Match` asks for: `nil` without the header, or when it is `*` alone (the
    /// record exists, whatever its version); 412 when it names no version this server hands out.
    ///
    /// Several `If-Match` lines are one list (RFC 9110 §5.3), and the request goes on only if
    /// every listed tag is the same strong tag of one version: a stale tag anywhere in the list,
    /// a weak tag (which never matches, §13.1.1) or two different versions is `412`. A `*` next
    /// to tags adds nothing, so `If-Match: *` in one line cannot hide a stale tag in another.
    func expectedVersion() throws -> Int64? {
        let values = http.headers.values(for: "If-Match")
        guard !values.isEmpty else { return nil }
        let members = values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let tags = members.filter { $0 != "*" }
        if tags.isEmpty { return nil }  // `*` alone, or an empty value: no precondition
        let versions = tags.map { tag -> Int64? in
            guard tag.hasPrefix("\""), tag.hasSuffix("\""), tag.count > 2 else { return nil }
            return APIRequest.version(fromTag: String(tag.dropFirst().dropLast()))
        }
        guard let first = versions.first ?? nil, versions.allSatisfy({ $0 == first }) else {
            throw APIProblem(status: .preconditionFailed, code: "preconditionFailed",
                             detail: "If-Match must name one ETag of this resource, such as \"v3\" (as a strong tag, with the quotes), in every value it lists.",
                             remedy: .reloadAndRetry)
        }
        return first
    }

    /// Whether the request carries `If-Match`.
    var hasIfMatch: Bool { http.headers.contains("If-Match") }

    /// The version in an entity tag's opaque part (`v3` → 3).
    static func version(fromTag tag: String) -> Int64? {
        guard tag.hasPrefix("v"), tag.utf8.count <= 20 else { return nil }
        let digits = tag.dropFirst()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int64(digits)
    }

    /// The ETag of a version: `"v3"`.
    static func etag(_ version: Int64) -> String { "v\(version)" }

    /// The JSON body (a JSON request, or the field ``APIRequestBody/multipartField`` of a
    /// multipart one) as `Body`, checked against its schema.
    ///
    /// - Throws: 415 when the body is neither; `invalidArgument` (400) when it is not an object of
    ///   the schema's fields with the schema's types and limits; a ``WriteRefusal`` in the
    ///   request's ``language`` for a body the app's own rules refuse (``APIRequestBody/precheck()``).
    func decode<Body: APIRequestBody>(_ type: Body.Type) throws -> Body {
        let data: Data
        switch http.mediaType {
        case "application/json":
            data = try http.body.data()
        case "multipart/form-data":
            guard let text = http.form[Body.multipartField], http.form.values(for: Body.multipartField).count == 1 else {
                throw APIProblem.invalid("A multipart \(Body.noun) needs the JSON in one field named \(Body.multipartField).")
            }
            if let other = http.form.first(where: { $0.name != Body.multipartField }) {
                throw APIProblem.invalid("A multipart \(Body.noun) has the JSON in the field \(Body.multipartField) and photos as files image, not a field \(KeepsakeError.printable(other.name)).")
            }
            data = Data(text.utf8)
        default:
            throw APIProblem(status: .unsupportedMediaType, code: "unsupportedMediaType",
                             detail: "Send the \(Body.noun) as application/json (or multipart/form-data with the JSON in the field \(Body.multipartField) and the photos as files).")
        }
        let body = try Body.decode(data)
        do {
            try body.precheck()
        } catch let error as KeepsakeError {
            throw WritePath.refusal(error, files: http.files, language: language)  // the app's rule, as the pages word it
        }
        if let problem = JSONSchemaCheck(schemas: APIDocument.schemas).problem(try JSONValue(parsing: data), Body.schema, name: "the \(Body.noun)") {
            throw KeepsakeError(.invalidArgument, "In the \(Body.noun), \(problem).")
        }
        return body
    }
}
