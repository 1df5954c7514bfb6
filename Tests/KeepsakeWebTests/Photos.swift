import Foundation
import KeepsakeTestSupport

/// Small real photos from the shared corpus, with their sizes.
enum Photos {
    /// 227×149 JPEG.
    static let wide = Corpus.url("jpeg/testorig.jpg")
    /// 162×150 PNG.
    static let toucan = Corpus.url("png/toucan.png")
    /// 128×128 WebP.
    static let square = Corpus.url("webp/test.webp")
    /// 32×32 PNG.
    static let tiny = Corpus.url("png/basn2c08.png")
    /// A truncated JPEG libvips refuses.
    static let corrupt = Corpus.corruptImage
}

/// `count` random bytes in a new file.
func randomFile(in directory: TemporaryDirectory, name: String, count: Int) throws -> URL {
    var generator = SystemRandomNumberGenerator()
    let data = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let url = directory.appending(name)
    try data.write(to: url)
    return url
}

/// The value of the session cookie in a curl cookie jar.
func sessionCookie(in jar: URL) -> String? {
    guard let text = try? String(contentsOf: jar, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        if fields.count >= 7, fields[5] == "keepsake_session" { return String(fields[6]) }
    }
    return nil
}
