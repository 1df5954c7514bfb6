/// HTML and SGML character references: `&amp;`, `&#233;`, `&#xE9;` and the named ones people write.
enum HTMLEntities {
    /// `text` with every character reference it knows replaced; unknown ones stay as written.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result.append("&")
                rest = after
                continue
            }
            let name = String(after[..<semicolon])
            if let scalar = scalar(for: name) {
                result.unicodeScalars.append(scalar)
                rest = after[after.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = after
            }
        }
        result += rest
        return result
    }

    private static func scalar(for name: String) -> Unicode.Scalar? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        }
        if name.hasPrefix("#") {
            return UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
        }
        return named[name].flatMap(Unicode.Scalar.init)
    }

    private static let named: [String: UInt32] = [
        "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27, "nbsp": 0xA0,
        "hellip": 0x2026, "mdash": 0x2014, "ndash": 0x2013, "lsquo": 0x2018, "rsquo": 0x2019,
        "ldquo": 0x201C, "rdquo": 0x201D, "laquo": 0xAB, "raquo": 0xBB, "bull": 0x2022, "middot": 0xB7,
        "copy": 0xA9, "reg": 0xAE, "trade": 0x2122, "euro": 0x20AC, "pound": 0xA3, "yen": 0xA5, "cent": 0xA2,
        "deg": 0xB0, "times": 0xD7, "divide": 0xF7, "plusmn": 0xB1, "para": 0xB6, "sect": 0xA7,
        "agrave": 0xE0, "aacute": 0xE1, "acirc": 0xE2, "atilde": 0xE3, "auml": 0xE4, "aring": 0xE5, "aelig": 0xE6,
        "ccedil": 0xE7, "egrave": 0xE8, "eacute": 0xE9, "ecirc": 0xEA, "euml": 0xEB, "igrave": 0xEC, "iacute": 0xED,
        "icirc": 0xEE, "iuml": 0xEF, "ntilde": 0xF1, "ograve": 0xF2, "oacute": 0xF3, "ocirc": 0xF4, "otilde": 0xF5,
        "ouml": 0xF6, "oslash": 0xF8, "ugrave": 0xF9, "uacute": 0xFA, "ucirc": 0xFB, "uuml": 0xFC, "yacute": 0xFD,
        "szlig": 0xDF, "Agrave": 0xC0, "Aacute": 0xC1, "Acirc": 0xC2, "Atilde": 0xC3, "Auml": 0xC4, "Aring": 0xC5,
        "AElig": 0xC6, "Ccedil": 0xC7, "Egrave": 0xC8, "Eacute": 0xC9, "Ecirc": 0xCA, "Euml": 0xCB, "Iacute": 0xCD,
        "Ntilde": 0xD1, "Oacute": 0xD3, "Ouml": 0xD6, "Oslash": 0xD8, "Uacute": 0xDA, "Uuml": 0xDC,
    ]
}
