/// A fragment of HTML that is safe to send: literal markup written in this module, with every
/// interpolated `String` escaped by ``escape(_:)``, the one escaping function of the web app.
///
/// ```swift
/// let title = "<script>alert(1)</script>"
/// let row: HTML = "<h2 class=\"title\">\(title)</h2>"   // <h2 class="title">&lt;script&gt;…
/// ```
///
/// Interpolating another `HTML` value inserts it as it is (it was escaped when it was made);
/// interpolating a `String` always escapes it. There is no way to insert an unescaped `String`
/// except ``trusted(_:)``, which is for markup produced by this module's own code only.
public struct HTML: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup.
    public private(set) var rendered: String

    /// Markup written literally in source code.
    public init(stringLiteral value: String) {
        rendered = value
    }

    /// Markup built by interpolation: strings escaped, HTML kept.
    public init(stringInterpolation: StringInterpolation) {
        rendered = stringInterpolation.output
    }

    /// Nothing.
    public static let empty: HTML = ""

    /// Markup made by this module's own code (never user input), e.g. a number formatted here.
    static func trusted(_ markup: String) -> HTML {
        var html = HTML.empty
        html.rendered = markup
        return html
    }

    /// Text, escaped.
    public static func text(_ text: String) -> HTML {
        trusted(escape(text))
    }

    /// The markup, for `print` and tests.
    public var description: String { rendered }

    /// Appends another fragment.
    public static func + (lhs: HTML, rhs: HTML) -> HTML {
        trusted(lhs.rendered + rhs.rendered)
    }

    /// Appends another fragment in place.
    public static func += (lhs: inout HTML, rhs: HTML) {
        lhs.rendered += rhs.rendered
    }

    /// Escapes text for an HTML text node or a double- or single-quoted attribute value:
    /// `&`, `<`, `>`, `"` and `'` become character references. Every user string on every page goes
    /// through this function (via interpolation into ``HTML``).
    public static func escape(_ text: String) -> String {
        // The characters replaced are all ASCII, and in UTF-8 an ASCII byte is always that
        // character (bytes of longer sequences are >= 0x80), so one pass over the bytes finds them.
        // Most text has none: it is returned as it is, without building a new string.
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: Self.needsEscaping) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count + 16)
        output.append(contentsOf: utf8[..<first])
        for byte in utf8[first...] {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
            case 0: output.append(contentsOf: "\u{FFFD}".utf8)
            default: output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether a UTF-8 byte is one that ``escape(_:)`` replaces.
    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0: true
        default: false
        }
    }

    /// Builds ``HTML`` from literal markup and interpolated values.
    public struct StringInterpolation: StringInterpolationProtocol {
        var output = ""

        /// Reserves room for the result.
        public init(literalCapacity: Int, interpolationCount: Int) {
            output.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        /// Literal markup from the source code.
        public mutating func appendLiteral(_ literal: String) {
            output += literal
        }

        /// Text: escaped.
        public mutating func appendInterpolation(_ text: String) {
            output += HTML.escape(text)
        }

        /// Optional text: escaped, nothing for `nil`.
        public mutating func appendInterpolation(_ text: String?) {
            if let text { output += HTML.escape(text) }
        }

        /// A whole number.
        public mutating func appendInterpolation(_ number: Int) {
            output += String(number)
        }

        /// A whole number.
        public mutating func appendInterpolation(_ number: Int64) {
            output += String(number)
        }

        /// A fragment that is already HTML.
        public mutating func appendInterpolation(_ html: HTML) {
            output += html.rendered
        }

        /// Fragments, one after another.
        public mutating func appendInterpolation(_ fragments: [HTML]) {
            for fragment in fragments { output += fragment.rendered }
        }
    }
}

extension Array where Element == HTML {
    /// The fragments one after another, with `separator` between them.
    func joined(separator: HTML = .empty) -> HTML {
        var result = HTML.empty
        for (index, fragment) in enumerated() {
            if index > 0 { result += separator }
            result += fragment
        }
        return result
    }
}
