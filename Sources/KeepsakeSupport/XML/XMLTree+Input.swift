import Foundation

extension XMLTree {
    /// Why `data` must not reach `XMLParser`, or `nil`.
    ///
    /// Foundation's `XMLParser` stops the process on some well-formed or nearly well-formed input
    /// (found by fuzzing, `fuzz/regressions/xml/` and `camt/`), so such input is refused first:
    /// bytes that are not UTF-8 (``encodingProblem(_:)``) or are NUL, a processing instruction without data
    /// (`<?name?>`: libxml2 hands `XMLParser` no data and it reads a null pointer), and a document
    /// type declaration, whose entities could bring either back from inside a character reference
    /// (S3's answers and camt statements never have one).
    static func inputProblem(_ data: Data) -> XMLSyntaxError? {
        if let problem = encodingProblem(data) { return problem }
        let bytes = [UInt8](data)
        // XML never holds a NUL; UTF-16 and UCS-4 text, which libxml2 would recognise by its NULs, is refused with it.
        if let nul = bytes.firstIndex(of: 0) {
            return XMLSyntaxError(line: line(at: nul, in: bytes), reason: "byte \(nul + 1) is a NUL (is the file UTF-16? save it as UTF-8)")
        }
        if let doctype = firstIndex(of: Array("<!DOCTYPE".utf8), in: bytes) {
            return XMLSyntaxError(line: line(at: doctype, in: bytes),
                                  reason: "it has a document type declaration (<!DOCTYPE …>), which Keepsake does not read")
        }
        var index = 0
        while let start = firstIndex(of: [UInt8(ascii: "<"), UInt8(ascii: "?")], in: bytes, from: index) {
            var end = start + 2
            while end < bytes.count, ![UInt8(ascii: "?"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(bytes[end]) {
                end += 1
            }
            if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                let target = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
                return XMLSyntaxError(line: line(at: start, in: bytes), reason: "the processing instruction <?\(target)?> has no data")
            }
            index = start + 2
        }
        return nil
    }

    /// Where `needle` first starts in `bytes` at or after `from`.
    static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int = 0) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = from
        while index <= bytes.count - needle.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The 1-based line of the byte at `offset`.
    static func line(at offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// Why `data` must not reach `XMLParser`, or `nil`: text that is not valid UTF-8, unless its XML
    /// declaration names one of ``convertedEncodings`` (UTF-16 is not read: the checks here read
    /// bytes as ASCII).
    ///
    /// libxml2 can hand such bytes on inside a name, and Foundation's `XMLParser` then stops the
    /// process (it traps on a name that is not UTF-8), so they are refused before parsing. Text in a declared encoding is converted by libxml2 first.
    static func encodingProblem(_ data: Data) -> XMLSyntaxError? {
        let bytes = [UInt8](data)
        guard let bad = firstInvalidUTF8(bytes) else { return nil }
        if let declared = declaredEncoding(bytes), convertedEncodings.contains(declared) { return nil }
        return XMLSyntaxError(line: line(at: bad, in: bytes), reason: "byte \(bad + 1) is not UTF-8, and the XML declaration names no other encoding Keepsake reads (save the file as UTF-8)")
    }

    /// The 8-bit encodings, besides UTF-8, that text may declare: libxml2 converts every byte of
    /// them to UTF-8 (or refuses the text), so no byte reaches `XMLParser` unconverted. A name it
    /// does not know (or a misspelt `UTF-8`) would leave the bytes as they are.
    static let convertedEncodings: Set<String> = Set((1...15).filter { $0 != 12 }.map { "iso-8859-\($0)" })
        .union(["latin1", "windows-1252", "cp1252"])

    /// The lowercased `encoding` of an XML declaration at the very start of `bytes`, if there is one.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let head = bytes.prefix(256)
        guard let end = head.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = String(decoding: head[..<end], as: UTF8.self).lowercased()
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence, or `nil`.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int, second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return index
            }
            guard index + length <= bytes.count, second.contains(bytes[index + 1]),
                  bytes[(index + 2)..<(index + length)].allSatisfy({ (0x80...0xBF).contains($0) }) else { return index }
            index += length
        }
        return nil
    }
}
