import Foundation

/// What curl got back.
struct CurlResponse: Sendable {
    /// The status; 0 when there was no response.
    let status: Int
    /// Header fields of the final response.
    let headers: [Header]
    /// The body.
    let body: Data
    /// curl's exit status.
    let exitCode: Int32
    /// Bytes of the request body curl had sent when the exchange ended (`%{size_upload}`).
    var uploadedBytes: Int = 0

    /// One header field.
    struct Header: Sendable {
        let name: String
        let value: String
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    func headers(named name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The `_csrf` hidden field of the page, if any.
    var csrfToken: String? {
        guard let range = text.range(of: "name=\"_csrf\" value=\"") else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }
}
