import KeepsakeSupport

/// One operation as the document describes it: its ``APIDoc``, the body it takes and its
/// responses (the success; every failure is the shared `Problem`).
struct APIOperationDescription: Sendable {
    /// The operation's facts.
    let doc: APIDoc
    /// The tag (the app, or `meta`, `sync`, `store`).
    let tag: String
    /// The body it takes.
    let body: APIBodyDoc?
    /// The responses by status, without `default`.
    let responses: [String: JSONValue]
    /// The schemas of its body types, by name.
    let schemas: [String: JSONValue]
}
