import KeepsakeTestSupport

extension CurlResponse {
    /// The `_csrf` hidden field of the page, if any.
    var csrfToken: String? {
        guard let range = text.range(of: "name=\"_csrf\" value=\"") else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }
}
