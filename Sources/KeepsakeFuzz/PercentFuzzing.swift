import Foundation
import KeepsakeHTTP

/// `percent`: KeepsakeHTTP's strict percent-decoding of paths, query names and values and cookies,
/// and the cookie encoder it pairs with. Decoding bytes and decoding text agree; text without `%`
/// decodes to itself; encoding a cookie name or value and decoding it gives it back.
enum PercentFuzzing {
    static let target = FuzzTarget(name: "percent", summary: "PercentEncoding.decode and encodeCookie: strict, and encode-then-decode restores",
                                   check: check, seeds: seeds)

    static func check(_ data: Data) {
        let bytes = [UInt8](data)
        let decoded = HTTPFuzzing.percentDecode(bytes: bytes)
        if let text = String(validating: bytes, as: UTF8.self) {
            require(HTTPFuzzing.percentDecode(text: text) == decoded, "decoding \(text.debugDescription) as text and as bytes differ")
            if !bytes.contains(UInt8(ascii: "%")) { require(decoded == text, "\(text.debugDescription) has no % but decoded to \(String(describing: decoded))") }
            for isName in [true, false] {
                let encoded = HTTPFuzzing.encodeCookie(text, isName: isName)
                require(encoded.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") },
                        "encodeCookie(\(text.debugDescription), isName: \(isName)) = \(encoded.debugDescription) carries a byte a cookie cannot")
                require(HTTPFuzzing.percentDecode(text: encoded) == text, "encodeCookie then decode lost \(text.debugDescription) (\(encoded.debugDescription))")
            }
        } else {
            require(decoded == nil || bytes.contains(UInt8(ascii: "%")), "invalid UTF-8 without % decoded to \(String(describing: decoded))")
        }
    }

    static func seeds(_ corpus: URL, _ folder: URL) throws {
        let samples = ["/diary/2025-01-02", "%2e%2e%2f%2E%2e/etc/passwd", "caf%C3%A9%20au%20lait", "%zz%4", "%00", "a+b%2Bc", "%F0%9F%98%80", "%ED%A0%80", "session=abc%3Bdef"]
        for (index, sample) in samples.enumerated() { try Data(sample.utf8).write(to: folder.appendingPathComponent("percent-\(index)")) }
    }
}
