import Foundation
import KeepsakeHTTP
import KeepsakeStore

/// One request as the pages see it: the HTTP request, the chosen language, the session and the
/// account it acts as.
struct WebRequest: Sendable {
    /// The request.
    let http: HTTPRequest
    /// The page language.
    let language: Language
    /// The browser's session (its CSRF token goes into every form).
    let session: Session
    /// The account the request acts as (the one logged in; on a server that asks for no login, the
    /// first admin); `nil` on the login page before a login.
    var account: Account? = nil

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
        // Byte by byte over the UTF-8 (what addingPercentEncoding does, without Foundation's
        // CharacterSet lookups, which were a tenth of the timeline's time); text that needs no
        // escaping, the usual case for tags, is returned as it is.
        let utf8 = text.utf8
        guard utf8.contains(where: { !isUnreserved($0) }) else { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether a byte is an RFC 3986 unreserved character (`A-Z a-z 0-9 - . _ ~`).
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }


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
