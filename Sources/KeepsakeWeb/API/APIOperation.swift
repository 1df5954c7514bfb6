import KeepsakeHTTP

/// One operation of the JSON API: what a route under `/api/v1` runs once the bearer token has
/// been checked (a read-only token reaches only `GET` and `HEAD` operations) and its parameters
/// have been checked against their schemas.
struct APIOperation: Sendable {
    /// The work.
    let run: @Sendable (WebApp, APIRequest) async throws -> HTTPResponse
    /// Whether its body may carry photos (multipart files, or one photo as the whole body): such a
    /// body keeps the HTTP layer's limits; every other API body is JSON, held to
    /// ``WebLimits/maxJSONBodyBytes`` (``WebApp/bodyLimit(for:)``).
    var takesPhotos = false
    /// Its parameters, checked before ``run`` (``WebApp/checkParameters(_:of:)``).
    var parameters: [APIParameter] = []
}
