import KeepsakeHTTP

/// One operation of the JSON API: what a route under `/api/v1` runs once the bearer token has
/// been checked (a read-only token reaches only `GET` and `HEAD` operations).
struct APIOperation: Sendable {
    /// The work.
    let run: @Sendable (WebApp, APIRequest) async throws -> HTTPResponse
}
