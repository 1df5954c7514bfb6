public import Foundation

/// The shared corpus of real images (`../shared/corpus` beside the repository, or `KEEPSAKE_CORPUS`).
public enum Corpus {
    /// One row of `MANIFEST.tsv`.
    public struct Entry: Sendable {
        /// Path relative to the corpus folder.
        public let path: String
        /// `ok` or `corrupt`.
        public let verdict: String
        /// EXIF orientation, if known.
        public let orientation: String
        /// What vipsheader said (e.g. `1800x1200` or `error`).
        public let vipsHeader: String
        /// Absolute URL.
        public var url: URL { Corpus.root.appendingPathComponent(path) }
    }

    /// The repository root (found from this source file's location).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/KeepsakeTestSupport/Corpus.swift
        return url
    }()

    /// The corpus folder.
    public static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["KEEPSAKE_CORPUS"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus", isDirectory: true)
    }()

    /// All manifest rows.
    public static let entries: [Entry] = {
        guard let text = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 6 else { return nil }
            return Entry(path: columns[0], verdict: columns[3], orientation: columns[4], vipsHeader: columns[5])
        }
    }()

    /// A corpus file by its relative path.
    public static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// Small valid images of different formats, for tests that need a few real photos quickly.
    public static let smallImages: [URL] = [
        "jpeg/testorig.jpg", "png/toucan.png", "webp/test.webp", "jpeg/progressive3.jpg",
        "png/basn2c08.png", "webp/4.webp", "exif/Landscape_6.jpg", "jpeg/jpg-cmyk-1.jpg",
    ].map(url)

    /// A corrupt file that vips rejects on decode.
    public static let corruptImage = url("jpeg-corrupt/truncated_jpeg.jpg")
}
