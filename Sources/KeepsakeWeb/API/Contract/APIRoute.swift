import KeepsakeHTTP

/// One route of the API: its method and path (with the router's constraints), what it runs, and
/// how the document describes it. ``APIRouteTable`` builds the list; the router and the
/// document (``APIDocument``) are both made from it.
struct APIRoute: Sendable {
    /// The method.
    let method: HTTPMethod
    /// The path under the site's root, with constraints: `/api/v1/diary/entries/{id:uuid}`.
    let path: String
    /// What it runs.
    let operation: APIOperation
    /// How the document describes it.
    let description: APIOperationDescription
}
