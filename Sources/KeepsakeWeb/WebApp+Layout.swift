import KeepsakeHTTP

extension WebApp {
    /// 404 in the user's language (``PageLayout/notFound(_:)``), for the routes outside the apps'
    /// pages (the images, the language switch).
    func notFound(_ request: WebRequest) -> HTTPResponse {
        layout.notFound(request)
    }

    /// 405 listing what is allowed.
    func methodNotAllowed(_ allowed: [HTTPMethod]) -> HTTPResponse {
        .methodNotAllowed(allowed: allowed)
    }
}
