import CVips
import Foundation

/// A libvips call failed; carries libvips' own text for that failure.
///
/// Internal: the processor turns it into a ``KeepsakeError`` that names the image and says, in
/// plain words, what went wrong.
struct VipsFailure: Error {
    /// The libvips error text (may be empty when another thread's failure took it first).
    var detail: String

    /// Takes ownership of an error string from the C wrappers and frees it.
    init(taking text: UnsafeMutablePointer<CChar>?) {
        detail = text.map { String(cString: $0) } ?? ""
        cvips_free(text)
    }

    /// A failure with a known description.
    init(_ detail: String) {
        self.detail = detail
    }
}

extension VipsFailure {
    /// libvips' text trimmed for a person: without the name of the libvips class or library that
    /// spoke, without lines that only say where decoding stopped or repeat a generic failure, at
    /// most three distinct lines joined by "; ".
    var plainDetail: String {
        var lines: [String] = []
        for raw in detail.split(whereSeparator: \.isNewline) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            // "VipsJpeg: Premature end…", "vipspng: libpng read error", "heif: Invalid input: …";
            // libpng's own chunk names ("IHDR: CRC error") stay.
            if let colon = line.firstIndex(of: ":"), Self.isSpeaker(line[..<colon]),
               line[line.index(after: colon)...].hasPrefix(" ") {
                line = String(line[line.index(colon, offsetBy: 2)...])
            }
            if !line.isEmpty, !lines.contains(line) { lines.append(line) }
        }
        let noise = ["error in tile", "read gave", "libpng read error", "bad seek to", "unable to call", "load_buffer",
                     "ignoring nclx profile"]
        let useful = lines.filter { line in
            !noise.contains { line.hasPrefix($0) } && !Self.isBareCode(line)
        }
        let chosen = (useful.isEmpty ? lines : useful).prefix(3).joined(separator: "; ")
        return chosen.count > 300 ? String(chosen.prefix(300)) + "…" : chosen
    }

    /// The libvips class or library names that start libvips' error lines.
    private static func isSpeaker(_ word: Substring) -> Bool {
        word.hasPrefix("Vips") || word.hasPrefix("vips")
            || ["heif", "heifload", "webp2vips", "webpload", "gifload", "nsgif", "source", "keepsake"].contains(word)
    }

    /// A line that is only a library's numeric code, such as libheif's "(2.100)".
    private static func isBareCode(_ line: String) -> Bool {
        line.hasPrefix("(") && line.hasSuffix(")") && line.dropFirst().dropLast().allSatisfy { $0.isNumber || $0 == "." }
    }
}
