/// Sorts the warnings libjpeg-turbo gives while decoding into harmless ones and damage.
///
/// JPEG is decoded strictly first (every warning is an error), because libjpeg reports some real
/// damage only as a warning and then fills the missing rows with grey: "Corrupt JPEG data: premature
/// end of data segment", "bad Huffman code", "found marker … instead of RST…". A file whose first
/// warning is one of the harmless kinds below is decoded again leniently (libvips' `fail_on=error`,
/// which still stops on errors and on more than 100 warnings).
enum JPEGWarning {
    /// libjpeg-turbo warnings that lose no pixels.
    static let harmless = [
        "extraneous bytes before marker",                  // JWRN_EXTRANEOUS_DATA: junk between segments
        "unknown JFIF revision number",                    // JWRN_JFIF_MAJOR
        "thumbnail image size does not match data length", // JWRN_JFIF_BADTHUMBNAILSIZE
    ]

    /// libvips' own lines around a warning, which say nothing about its kind.
    static let neutral = ["read gave", "error in tile"]

    /// Whether `detail`, the text of a strict decode's failure, names only harmless warnings.
    /// Text without any warning (it can be taken by a failure on another thread) is not harmless.
    static func isOnlyHarmless(_ detail: String) -> Bool {
        let lines = detail.split(whereSeparator: \.isNewline)
            .filter { line in !line.allSatisfy(\.isWhitespace) && !neutral.contains { line.contains($0) } }
        return !lines.isEmpty && lines.allSatisfy { line in harmless.contains { line.contains($0) } }
    }
}
