import Foundation
import KeepsakeHTTP

/// One request as the pages see it: the HTTP request, the chosen language and the session.
struct WebRequest: Sendable {
    /// The request.
    let http: HTTPRequest
    /// The page language.
    let language: Language
    /// The browser's session (its CSRF token goes into every form).
    let session: Session

    /// The UI text in ``language``.
    var strings: Strings { Strings(language) }

    /// The path segments, percent-decoded one by one.
    var segments: [String] { http.pathSegments }

    /// A query parameter, trimmed; `nil` when absent or blank.
    func query(_ name: String) -> String? {
        guard let value = http.query[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// A form field as sent (not trimmed); `""` when absent.
    func field(_ name: String) -> String {
        http.form[name] ?? ""
    }

    /// The path and query of this request, for "come back here" links (language switch, login).
    var pathAndQuery: String {
        let raw = http.rawPath
        let query = http.query.pairs.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
        return query.isEmpty ? raw : raw + "?" + query
    }

    /// Percent-encodes a query value (everything but unreserved characters).
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// RFC 3986 unreserved characters.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `path?name=value&…` with the values percent-encoded; pairs with a `nil` value are left out.
    static func link(_ path: String, _ parameters: [(String, String?)] = []) -> String {
        let query = parameters.compactMap { name, value in value.map { "\(encode(name))=\(encode($0))" } }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }

    /// `target` if it is a path on this site (`/…`, not `//…`, no backslash or control
    /// characters), else `fallback`: no open redirects through `back=` or `next=` parameters.
    static func localPath(_ target: String?, fallback: String = "/") -> String {
        guard let target, target.hasPrefix("/"), !target.hasPrefix("//"),
              !target.contains("\\"), !target.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
              target.utf8.count <= 2048 else { return fallback }
        return target
    }
}
