public import Foundation
import Glibc
import KeepsakeStore

/// The text encodings bank and diary exports come in, and how a file's encoding is told.
///
/// ``decode(_:declared:)`` reads bytes as text: a byte-order mark decides first (UTF-8, UTF-16 LE/BE);
/// then an encoding the user gave; then bytes that are valid UTF-8 are UTF-8 (even under a header
/// that says otherwise, as OFX files often do); then UTF-16 without a mark is recognised by its zero
/// bytes; then CP949 (EUC-KR and its Windows superset, what Korean banks export) when the bytes read
/// as CP949 and are mostly Hangul; else windows-1252 (which reads any byte, as browsers do).
public enum TextEncoding: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// UTF-8, with or without a byte-order mark.
    case utf8 = "utf-8"
    /// UTF-16, little-endian (the mark, if any, decides).
    case utf16le = "utf-16le"
    /// UTF-16, big-endian.
    case utf16be = "utf-16be"
    /// Windows-1252 (Western European; a superset of ISO 8859-1's printable characters).
    case windows1252 = "windows-1252"
    /// ISO 8859-1 (Latin-1).
    case latin1 = "iso-8859-1"
    /// EUC-KR, read as its superset CP949 (Unified Hangul Code).
    case eucKR = "euc-kr"
    /// CP949 (Windows Korean).
    case cp949 = "cp949"

    /// The name, as `--encoding` takes it.
    public var description: String { rawValue }

    /// The encoding called `name`: `utf-8`/`utf8`, `utf-16`/`utf-16le`/`utf-16be`, `windows-1252`/`cp1252`/`1252`,
    /// `iso-8859-1`/`latin1`/`8859-1`, `euc-kr`, `cp949`/`uhc`/`ks_c_5601-1987` (case and `_` ignored);
    /// `nil` for any other.
    public init?(name: String) {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "_", with: "-")
        switch key {
        case "utf-8", "utf8": self = .utf8
        case "utf-16", "utf16", "utf-16le", "utf16le", "unicode": self = .utf16le
        case "utf-16be", "utf16be": self = .utf16be
        case "windows-1252", "cp1252", "1252", "win-1252", "ansi", "usascii", "us-ascii", "ascii": self = .windows1252
        case "iso-8859-1", "iso8859-1", "8859-1", "latin1", "latin-1", "l1": self = .latin1
        case "euc-kr", "euckr": self = .eucKR
        case "cp949", "uhc", "ks-c-5601-1987", "windows-949", "ms949": self = .cp949
        default: return nil
        }
    }

    /// The names ``init(name:)`` takes, for messages.
    public static let acceptedNames = "utf-8, utf-16 (utf-16le, utf-16be), windows-1252, iso-8859-1, euc-kr, cp949"

    /// `data` as text, without a byte-order mark, and the encoding it was read in (see the type's
    /// notes for the order of the checks).
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` when the bytes are not valid in the encoding that
    ///   applies (a given one, or UTF-16 with a mark).
    public static func decode(_ data: Data, declared: TextEncoding? = nil) throws -> (text: String, encoding: TextEncoding) {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return (try decode(Array(bytes.dropFirst(3)), as: .utf8), .utf8)
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return (try decode(Array(bytes.dropFirst(2)), as: .utf16le), .utf16le) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (try decode(Array(bytes.dropFirst(2)), as: .utf16be), .utf16be) }
        if let declared { return (try decode(bytes, as: declared), declared) }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, .utf8) }
        if let wide = utf16WithoutMark(bytes), let text = try? decode(bytes, as: wide) { return (text, wide) }
        if let korean = try? decode(bytes, as: .cp949), looksKorean(korean) { return (korean, .cp949) }
        return (try decode(bytes, as: .windows1252), .windows1252)
    }

    /// `bytes` read as `encoding`.
    static func decode(_ bytes: [UInt8], as encoding: TextEncoding) throws -> String {
        func invalid() -> KeepsakeError {
            KeepsakeError(.invalidArgument, "The file is not valid \(encoding.rawValue) text; give its encoding with --encoding (\(acceptedNames)).")
        }
        switch encoding {
        case .utf8:
            guard let text = String(validating: bytes, as: UTF8.self) else { throw invalid() }
            return text
        case .utf16le, .utf16be:
            guard bytes.count % 2 == 0 else { throw invalid() }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            for index in stride(from: 0, to: bytes.count, by: 2) {
                let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
                units.append(encoding == .utf16le ? first | second << 8 : first << 8 | second)
            }
            guard let text = String(validating: units, as: UTF16.self) else { throw invalid() }
            return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        case .latin1:
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case .windows1252:
            return String(String.UnicodeScalarView(bytes.map(windows1252Scalar)))
        case .eucKR, .cp949:
            guard let text = Iconv.decode(bytes, from: "CP949") else { throw invalid() }
            return text
        }
    }

    /// UTF-16 without a byte-order mark: at least a quarter of the bytes at even (big-endian) or odd
    /// (little-endian) offsets are zero and almost none at the others.
    private static func utf16WithoutMark(_ bytes: [UInt8]) -> TextEncoding? {
        guard bytes.count >= 4, bytes.count % 2 == 0 else { return nil }
        var evenZeros = 0, oddZeros = 0
        for (index, byte) in bytes.enumerated() where byte == 0 {
            if index % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
        }
        let half = bytes.count / 2
        if oddZeros * 4 >= half, evenZeros * 20 < half { return .utf16le }
        if evenZeros * 4 >= half, oddZeros * 20 < half { return .utf16be }
        return nil
    }

    /// Most of the characters beyond ASCII are Hangul syllables or jamo.
    private static func looksKorean(_ text: String) -> Bool {
        var hangul = 0, other = 0
        for scalar in text.unicodeScalars where scalar.value > 0x7F {
            if (0xAC00...0xD7A3).contains(scalar.value) || (0x3130...0x318F).contains(scalar.value) { hangul += 1 } else { other += 1 }
        }
        return hangul > 0 && hangul >= other * 4
    }

    /// Windows-1252: Latin-1 except 0x80...0x9F; the five bytes it leaves undefined stay the C1
    /// controls they are in Latin-1 (as the WHATWG encoding standard reads them).
    private static func windows1252Scalar(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        let table: [UInt32] = [0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
                               0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178]
        return Unicode.Scalar(table[Int(byte - 0x80)])!
    }
}

/// glibc's iconv, for the Korean code pages.
enum Iconv {
    /// `bytes` in `encoding` as text, or `nil` when they are not valid in it (or glibc lacks it).
    static func decode(_ bytes: [UInt8], from encoding: String) -> String? {
        let converter = iconv_open("UTF-8", encoding)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: bytes.count * 3 + 16)
        let produced: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
                var inLeft = inBuffer.count, outLeft = outBuffer.count
                if inLeft == 0 { return 0 }
                guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else { return nil }
                return outBuffer.count - outLeft
            }
        }
        guard let produced else { return nil }
        return String(validating: output[0..<produced], as: UTF8.self)
    }
}
