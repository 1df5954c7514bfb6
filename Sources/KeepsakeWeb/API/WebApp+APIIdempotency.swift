import Foundation
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeSupport

/// One run of an idempotent operation: what it works on and whether an earlier run with the same
/// key may have got as far as the store.
struct IdempotentAttempt: Sendable {
    /// The target chosen when the key was first used (the id of the record a create makes).
    let target: String?
    /// Whether this is a retry of a run that did not answer (the operation must first look whether
    /// that run's change is in the store).
    let isRetry: Bool
    /// When the key was first used.
    let since: Date
}

/// What a request finds for its idempotency key.
private enum IdempotencyClaim {
    case fresh(IdempotencyRecord), retry(IdempotencyRecord), replay([UInt8]), mismatch, busy(Double)
}

extension WebApp {
    /// How long the API remembers an idempotency key and its answer: 24 hours.
    static let idempotencyLifetime: TimeInterval = 24 * 3600
    /// How long a running request holds its key; a retry within it is `409` (in progress).
    static let idempotencyLease: TimeInterval = 60
    /// The longest idempotency key accepted.
    static let maxIdempotencyKeyLength = 255

    /// Runs a creating or uploading operation at most once per `Idempotency-Key` (per token):
    ///
    /// - the first request with a key stores its fingerprint (method, path, query, body) and, once
    ///   it succeeded, its answer; a retry with the same key and body gets that answer again
    ///   (`Idempotent-Replayed: true`) and changes nothing;
    /// - the same key with another request is `422`; a retry while the first is still running is
    ///   `409` with `Retry-After`;
    /// - a request refused by a client error (4xx) forgets the key (nothing was changed); one that
    ///   failed on the server's side (5xx) or never answered keeps it, and the retry runs again
    ///   with `isRetry` set, looking first whether the change is in the store already.
    func idempotent<Body>(_ request: APIRequest, target makeTarget: @Sendable () -> String?,
                          _ perform: (IdempotentAttempt) async throws -> APIAnswer<Body>) async throws -> APIAnswer<Body> {
        let key = try Self.idempotencyKey(request.http)
        let fingerprint = try Self.fingerprint(request.http)
        let scope = request.token.id
        let now = Date().timeIntervalSince1970
        let claim: IdempotencyClaim = try store.metadata.write { tx in
            try tx.deleteIdempotencyRecords(expiredBefore: now, limit: 100)
            if var row = try tx.idempotencyRecord(scope: scope, key: key), row.expiresAt >= now {
                guard row.fingerprint == fingerprint else { return .mismatch }
                if let response = row.response { return .replay(response) }
                if row.leaseUntil > now { return .busy(row.leaseUntil - now) }
                row.leaseUntil = now + Self.idempotencyLease
                try tx.updateIdempotencyRecord(row)
                return .retry(row)
            }
            let row = IdempotencyRecord(scope: scope, key: key, fingerprint: fingerprint, target: makeTarget(),
                                        leaseUntil: now + Self.idempotencyLease, response: nil, createdAt: now,
                                        expiresAt: now + Self.idempotencyLifetime)
            if try !tx.insertIdempotencyRecord(row) { try tx.updateIdempotencyRecord(row) }  // an expired row of the key
            return .fresh(row)
        }
        var row: IdempotencyRecord
        let isRetry: Bool
        switch claim {
        case .mismatch:
            throw APIProblem(status: .unprocessableContent, code: "idempotencyKeyReused",
                             detail: "This Idempotency-Key was used with a different request; use a new key for a new request.")
        case .busy(let wait):
            throw APIProblem(status: .conflict, code: "idempotencyKeyInProgress",
                             detail: "A request with this Idempotency-Key is still running; retry in a moment.",
                             remedy: .retryLater, headers: ["Retry-After": String(max(1, Int(wait.rounded(.up))))])
        case .replay(let stored):
            var response = try Self.decodeStoredResponse(stored)
            response.headers.set("Idempotent-Replayed", "true")
            return .replayed(response)
        case .fresh(let claimed): row = claimed; isRetry = false
        case .retry(let claimed): row = claimed; isRetry = true
        }
        let attempt = IdempotentAttempt(target: row.target, isRetry: isRetry, since: Date(timeIntervalSince1970: row.createdAt))
        let answer: APIAnswer<Body>
        do {
            answer = try await perform(attempt)
        } catch {
            releaseKey(row, forget: APIProblem.from(error, ifMatch: request.hasIfMatch).status.rawValue < 500)
            throw error
        }
        let response = answer.response
        guard (200..<300).contains(response.status.rawValue) else {
            releaseKey(row, forget: response.status.rawValue < 500)
            return answer
        }
        row.response = Self.encodeStoredResponse(response)
        row.leaseUntil = 0
        let finished = row
        do {
            try store.metadata.write { try $0.updateIdempotencyRecord(finished) }
        } catch {
            // The change is made; a retry after the lease finds it in the store.
            configuration.errorLog?("idempotency key of \(request.http.rawPath): the answer could not be kept: \(error)")
        }
        return answer
    }

    /// Lets a retry run again at once (`forget`: the key is forgotten, for a request refused
    /// before anything changed).
    private func releaseKey(_ row: IdempotencyRecord, forget: Bool) {
        var released = row
        released.leaseUntil = 0
        if forget { released.expiresAt = 0 }
        do {
            try store.metadata.write { tx in
                try tx.updateIdempotencyRecord(released)
                if forget { try tx.deleteIdempotencyRecords(expiredBefore: 1, limit: 100) }
            }
        } catch {
            configuration.errorLog?("idempotency key \(row.key): could not be released (it frees itself after its lease): \(error)")
        }
    }

    /// The request's `Idempotency-Key`: 1 to 255 visible ASCII characters; 400 otherwise.
    static func idempotencyKey(_ request: HTTPRequest) throws -> String {
        let values = request.headers.values(for: "Idempotency-Key")
        guard let raw = values.first else {
            throw APIProblem(status: .badRequest, code: "idempotencyKeyMissing",
                             detail: "This request creates or uploads something, so it needs an Idempotency-Key header (a new random value, such as a UUID, per request; the same value on its retries).")
        }
        let key = raw.trimmingCharacters(in: .whitespaces)
        guard values.count == 1, !key.isEmpty, key.utf8.count <= maxIdempotencyKeyLength, key.utf8.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) else {
            throw APIProblem(status: .badRequest, code: "idempotencyKeyMissing",
                             detail: "The Idempotency-Key must be one value of 1 to \(maxIdempotencyKeyLength) visible ASCII characters.")
        }
        return key
    }

    /// The SHA-256 of what makes a request this request: method, path, query, content type, body
    /// (form fields and the bytes of each file, for a form).
    static func fingerprint(_ request: HTTPRequest) throws -> String {
        var digest = SHA256()
        func add(_ text: String) { digest.update(Data((text + "\u{0}").utf8)) }
        add(request.method.rawValue)
        add(request.rawPath)
        for pair in request.query { add(pair.name); add(pair.value) }
        add(request.mediaType ?? "")
        for pair in request.form { add(pair.name); add(pair.value) }
        for file in request.files {
            add(file.fieldName)
            add(try SHA256.hex(Data(contentsOf: file.url)))
        }
        add(SHA256.hex(try request.body.data()))
        return digest.finalizeHex()
    }

    /// A response as kept in the store: status, headers and body.
    static func encodeStoredResponse(_ response: HTTPResponse) -> [UInt8] {
        let body: Data
        if case .data(let data) = response.body { body = data } else { body = Data() }
        let value: JSONValue = [
            "status": .integer(Int64(response.status.rawValue)),
            "headers": .array(response.headers.map { .array([.string($0.name), .string($0.value)]) }),
            "body": .string(body.base64EncodedString()),
        ]
        return Array(value.data)
    }

    /// A response kept by ``encodeStoredResponse(_:)``.
    static func decodeStoredResponse(_ bytes: [UInt8]) throws -> HTTPResponse {
        guard case .object(let fields)? = try? JSONValue(parsing: Data(bytes)),
              case .integer(let status)? = fields["status"], case .array(let headers)? = fields["headers"],
              case .string(let base64)? = fields["body"], let body = Data(base64Encoded: base64) else {
            throw KeepsakeError(.database, "The answer kept for an idempotency key cannot be read.", remedy: .checkStore)
        }
        var response = HTTPResponse(status: HTTPStatus(rawValue: Int(status)), body: body.isEmpty ? .empty : .data(body))
        for case .array(let pair) in headers {
            if case .string(let name) = pair.first, case .string(let value) = pair.last { response.headers.add(name, value) }
        }
        return response
    }
}
