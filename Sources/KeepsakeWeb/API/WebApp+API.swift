import Foundation
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// The path prefix of the JSON API.
    static let apiPrefix = "/api/v1"

    /// Whether a path is the API's (`/api/…`): answered in JSON behind a bearer token, never
    /// behind the pages' session and CSRF checks.
    static func isAPIPath(_ segments: [String]) -> Bool {
        segments.first == "api"
    }

    /// Whether a request is the API's: its path as sent is `/api` or starts with `/api/`, or its
    /// decoded segments start with `api` (``isAPIPath(_:)``). The raw path decides even when the
    /// HTTP layer could not decode it (bad percent-encoding), so every refusal of an API path is a
    /// problem document.
    static func isAPIRequest(_ request: HTTPRequest) -> Bool {
        request.rawPath == "/api" || request.rawPath.hasPrefix("/api/") || isAPIPath(request.pathSegments)
    }

    /// The bearer token of `request` (`Authorization: Bearer <token>`), or `nil`.
    static func bearerToken(_ request: HTTPRequest) -> String? {
        let values = request.headers.values(for: "Authorization")
        guard values.count == 1 else { return nil }
        let parts = values[0].split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    /// The head check of an API request (on a polling thread, before any byte of the body is read):
    /// no token, a malformed one, one this store never made (its id's HMAC does not match), one
    /// this server has seen revoked, or a real id with a wrong secret is refused with `401` at once,
    /// so nothing it sends is staged. The secret is compared in constant time with the SHA-256 this
    /// server keeps in memory (``APITokenSecrets``: loaded at start; a genuine id not seen yet is
    /// read from the store once). A token that passes is checked against the store again by the
    /// handler (revocation, rights).
    func checkAPIHead(_ request: HTTPRequest) -> HTTPResponse? {
        guard let token = Self.bearerToken(request) else {
            return finished(APIProblem.unauthorized("The API needs Authorization: Bearer <token> on every request; make a token with keepsake token create --name NAME.").response)
        }
        guard let (id, secret) = APITokens.parse(token) else {
            return finished(APIProblem.unauthorized("The bearer token is not a Keepsake API token (ks_…); make one with keepsake token create.").response)
        }
        guard APITokens.isGenuine(id: id, key: tokenKey), !revokedTokens.withLock({ $0.contains(id) }) else {
            return finished(APIProblem.unauthorized("This API token is not valid here (revoked, or made for another store).").response)
        }
        let verdict: APITokenSecrets.Verdict
        do {
            verdict = try tokenSecrets.verdict(id: id, secret: secret)
        } catch {
            configuration.errorLog?("\(request.method) \(request.rawPath): the API token could not be read from the store: \(error)")
            return finished(APIProblem.from(error, ifMatch: false).response)
        }
        switch verdict {
        case .matches:
            return nil
        case .revoked:
            revokedTokens.withLock { _ = $0.insert(id) }
            return finished(APIProblem.unauthorized("This API token was revoked; make a new one with keepsake token create.").response)
        case .wrongSecret, .unknown:
            return finished(APIProblem.unauthorized("This API token is not valid here.").response)
        }
    }

    /// The most body bytes a request may send, from its head (the HTTP server's
    /// ``HTTPServer/Configuration/bodyLimit``, on a polling thread: one match in the route table).
    /// `nil` (the HTTP layer's limits) for the pages, and on the API for a photo upload: a route
    /// that takes photos (``APIOperation/takesPhotos``) with a multipart, `image/*` or
    /// `application/octet-stream` body. Every other API body is JSON, held to
    /// ``WebLimits/maxJSONBodyBytes``.
    func bodyLimit(for head: HTTPRequest) -> Int? {
        guard Self.isAPIRequest(head) else { return nil }
        if case .found(.api(let operation), _, _) = router.match(head.method, head.pathSegments), operation.takesPhotos,
           let type = head.mediaType, type == "multipart/form-data" || type == "application/octet-stream" || type.hasPrefix("image/") {
            return nil
        }
        return configuration.limits.maxJSONBodyBytes
    }

    /// The HTTP layer's own refusal of a request (a body over a limit, a malformed form): as
    /// `application/problem+json` for the API, the plain sentence for the pages.
    static func refusal(for head: HTTPRequest, status: HTTPStatus, message: String) -> HTTPResponse {
        guard isAPIRequest(head) else { return .status(status, message: message) }
        let code: KeepsakeError.Code = switch status {
        case .contentTooLarge: .limitExceeded
        case .serviceUnavailable: .busy
        default: .invalidArgument
        }
        return APIProblem(status: status, code: code.rawValue, detail: message, remedy: status == .serviceUnavailable ? .retryLater : nil).response
    }

    private func finished(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        SecurityHeaders.apply(to: &response, overHTTPS: configuration.tls != nil)
        return response
    }

    /// The account `token` acts as (its owner; the first admin for a token made before accounts),
    /// read afresh: `401` when it is gone or disabled, so disabling an account ends its tokens at
    /// once on every server.
    func tokenAccount(_ token: APITokenInfo) throws -> Account {
        let account: Account?
        do {
            account = try token.owner.map { try operatorStore.account($0) } ?? operatorStore.firstAdmin()
        } catch let error as KeepsakeError where error.code == .notFound {
            account = nil
        }
        guard let account, !account.isDisabled else {
            throw APIProblem.unauthorized("The account of this API token is disabled or gone; the token no longer works.")
        }
        return account
    }

    /// Answers an API request: the token (asked of the store) and its account (there and enabled),
    /// the route, the token's rights, then the operation, acting as the token's account with the
    /// token's scopes (``RequestCaller``); every failure as `application/problem+json`.
    func respondAPI(_ request: HTTPRequest) async -> HTTPResponse {
        let hasIfMatch = request.headers.contains("If-Match")
        do {
            guard let presented = Self.bearerToken(request) else {
                throw APIProblem.unauthorized("The API needs Authorization: Bearer <token> on every request.")
            }
            let token: APITokenInfo
            switch try apiTokens.check(presented) {
            case .valid(let info): token = info
            case .revoked(let id):
                revokedTokens.withLock { _ = $0.insert(id) }
                throw APIProblem.unauthorized("This API token was revoked; make a new one with keepsake token create.")
            case .invalid:
                throw APIProblem.unauthorized("This API token is not valid here.")
            }
            let account = try tokenAccount(token)
            switch router.match(request.method, request.pathSegments) {
            case .found(.api(let operation), _, let parameters):
                if token.readOnly && !request.method.isGetOrHead {
                    throw APIProblem(status: .forbidden, code: "forbidden",
                                     detail: "The token \(token.name) is read-only: it may use GET and HEAD only.")
                }
                let apiRequest = APIRequest(http: request, parameters: parameters, token: token, account: account)
                try apiRequest.checkParameters(operation.parameters)
                var response = try await RequestCaller.$current.withValue(token.caller(as: account.id)) {
                    try await operation.run(self, apiRequest)
                }
                // Private data: no cache keeps it (images set their own, revalidated, policy).
                if !response.headers.contains("Cache-Control") { response.headers.set("Cache-Control", "no-store") }
                return response
            case .methodNotAllowed(let allowed):
                throw APIProblem(status: .methodNotAllowed, code: "methodNotAllowed", detail: "\(request.method) is not allowed here.",
                                 headers: ["Allow": allowed.map(\.rawValue).joined(separator: ", ")])
            case .found, .notFound:
                throw APIProblem(status: .notFound, code: KeepsakeError.Code.notFound.rawValue,
                                 detail: "There is no API resource at this path; see \(Self.apiPrefix)/openapi.json.")
            }
        } catch {
            // A photo the store refused is named as the client named it, not by its staged file.
            let named = (error as? KeepsakeError).flatMap { UploadCheck.naming($0, after: request.files) } ?? error
            var problem = APIProblem.from(named, ifMatch: hasIfMatch)
            // Every 5xx, and a message whose server paths the client is not shown, goes to the log whole.
            if let refusal = named as? WriteRefusal {
                logged(refusal.error, request)
                // The write path words its refusals in the client's language (`Accept-Language`).
                problem.headers.add("Content-Language", Language.negotiate(cookie: nil, acceptLanguage: request.headers["Accept-Language"]).rawValue)
            } else if let keepsakeError = named as? KeepsakeError {
                logged(keepsakeError, request)
            } else if problem.status.rawValue >= 500 {
                configuration.errorLog?("\(request.method) \(request.rawPath): \(error)")
            }
            return problem.response
        }
    }
}
