/// Strict percent-decoding of URLs and the encoding of cookie values.
enum PercentEncoding {
    /// Decodes `%XX` sequences in `bytes` and returns the text, or `nil` when a `%` is not followed
    /// by two hex digits or the result is not valid UTF-8.
    static func decode(_ bytes: some Collection<UInt8>) -> String? {
        guard bytes.contains(UInt8(ascii: "%")) else {
            return String(validating: bytes, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            guard byte == UInt8(ascii: "%") else {
                output.append(byte)
                continue
            }
            guard index != bytes.endIndex, let high = hexValue(bytes[index]) else { return nil }
            index = bytes.index(after: index)
            guard index != bytes.endIndex, let low = hexValue(bytes[index]) else { return nil }
            index = bytes.index(after: index)
            output.append(high << 4 | low)
        }
        return String(validating: output, as: UTF8.self)
    }

    /// Decodes `text` strictly, as ``decode(_:)``.
    static func decode(_ text: String) -> String? {
        decode(Array(text.utf8))
    }

    /// Percent-encodes what a cookie name (an RFC 6265 token) or value (cookie-octets) cannot
    /// carry, and `%` itself, so that ``decode(_:)`` restores the original.
    static func encodeCookie(_ text: String, isName: Bool) -> String {
        var output = ""
        for byte in text.utf8 {
            if isCookieOctet(byte) && byte != UInt8(ascii: "%") && !(isName && isNameSeparator(byte)) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%" + String(byte >> 4, radix: 16, uppercase: true)
                    + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return output
    }

    /// RFC 6265 cookie-octet: visible ASCII except `"`, `,`, `;` and `\`.
    private static func isCookieOctet(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x23...0x2B, 0x2D...0x3A, 0x3C...0x5B, 0x5D...0x7E: return true
        default: return false
        }
    }

    /// Characters allowed in a cookie value but not in a token (a cookie name).
    private static func isNameSeparator(_ byte: UInt8) -> Bool {
        "()<>@:/[]?={}".utf8.contains(byte)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
