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
    /// spoke, without lines that only say where in the image decoding stopped, at most three
    /// distinct lines joined by "; ".
    var plainDetail: String {
        var lines: [String] = []
        for raw in detail.split(whereSeparator: \.isNewline) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            // "VipsJpeg: Premature end…", "vipspng: libpng read error", "heif: Invalid input: …"
            if let colon = line.firstIndex(of: ":"),
               !line[..<colon].contains(" "),
               line[line.index(after: colon)...].hasPrefix(" ") {
                line = String(line[line.index(colon, offsetBy: 2)...])
            }
            if !line.isEmpty, !lines.contains(line) { lines.append(line) }
        }
        let noise = ["error in tile", "read gave", "libpng read error", "bad seek to", "unable to call", "load_buffer"]
        let useful = lines.filter { line in !noise.contains { line.hasPrefix($0) } }
        let chosen = (useful.isEmpty ? lines : useful).prefix(3).joined(separator: "; ")
        return chosen.count > 300 ? String(chosen.prefix(300)) + "…" : chosen
    }
}
