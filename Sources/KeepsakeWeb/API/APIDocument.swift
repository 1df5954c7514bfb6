/// The OpenAPI 3.1 document of the API, served at `/api/v1/openapi.json`.
enum APIDocument {
    static let json = "{}"
}
