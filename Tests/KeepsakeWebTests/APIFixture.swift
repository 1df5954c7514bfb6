import Foundation
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb

/// A ``WebFixture`` with an API token, and curl calls that carry it.
final class APIFixture: @unchecked Sendable {
    let web: WebFixture
    let token: String

    init(password: String? = nil) throws {
        web = try WebFixture(password: password)
        token = try APITokens(store: web.store).create(name: "tests", readOnly: false).token
    }

    /// The API of `web` (a fixture over a store of another backend, say).
    init(web: WebFixture) throws {
        self.web = web
        token = try APITokens(store: web.store).create(name: "tests", readOnly: false).token
    }

    /// curl on `/api/v1<path>` with the token (and `arguments` before the URL).
    func call(_ path: String, _ arguments: [String] = [], token: String? = nil) async throws -> CurlResponse {
        try await curl(["-H", "Authorization: Bearer \(token ?? self.token)"] + arguments + [web.url("/api/v1" + path)])
    }

    /// The JSON object of a response.
    static func object(_ response: CurlResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: response.body) as? [String: Any] ?? [:]
    }
}
