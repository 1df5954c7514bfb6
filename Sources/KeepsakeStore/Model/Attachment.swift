public import Foundation

/// One stored image of a record, at a position in the record's ordered list.
public struct Attachment: Sendable, Hashable, Codable, Identifiable {
    /// Stable id of this stored file (unchanged by reordering).
    public var id: Int64
    /// The owning record.
    public var recordID: RecordID
    /// 0-based position in the record's list.
    public var position: Int
    /// Path of the original relative to the data folder: `attachments/<book>/<id>/image_<n>-<hash>.<ext>`
    /// (images stored before books had folders: `attachments/<collection>/<id>/…`).
    public var path: RelativePath
    /// Size of the stored file in bytes.
    public var byteSize: Int64
    /// SHA-256 of the stored file, lowercase hex.
    public var sha256: String
    /// SHA-256 of the bytes as uploaded (lets a whole-set update recognise unchanged images).
    public var sourceSHA256: String
    /// MIME type of the stored file.
    public var mediaType: String
    /// Upright width in pixels.
    public var width: Int
    /// Upright height in pixels.
    public var height: Int
    /// Capture date from the photo's metadata, if it had one.
    public var capturedAt: Date?
    /// Format of this image's thumbnails.
    public var thumbnailFormat: StoredImageFormat
    /// When this file was stored.
    public var createdAt: Date

    /// Creates an image value (a metadata store builds these from its rows).
    public init(id: Int64, recordID: RecordID, position: Int, path: RelativePath, byteSize: Int64, sha256: String, sourceSHA256: String,
                mediaType: String, width: Int, height: Int, capturedAt: Date?, thumbnailFormat: StoredImageFormat, createdAt: Date) {
        self.id = id
        self.recordID = recordID
        self.position = position
        self.path = path
        self.byteSize = byteSize
        self.sha256 = sha256
        self.sourceSHA256 = sourceSHA256
        self.mediaType = mediaType
        self.width = width
        self.height = height
        self.capturedAt = capturedAt
        self.thumbnailFormat = thumbnailFormat
        self.createdAt = createdAt
    }

    /// The stored format, from the media type.
    public var format: StoredImageFormat? { StoredImageFormat.allCases.first { $0.mediaType == mediaType } }

    /// Path of a thumbnail variant relative to the cache folder:
    /// `thumbnails/<book>/<id>/<stem>-<size>.<ext>` (the original's folder, under `thumbnails/`). Derived, so it need not be stored.
    public func thumbnailPath(_ size: ThumbnailSize) -> RelativePath {
        Self.thumbnailPath(for: path, size: size, format: thumbnailFormat)
    }

    /// The thumbnail path for an original at `path`.
    static func thumbnailPath(for path: RelativePath, size: ThumbnailSize, format: StoredImageFormat) -> RelativePath {
        var components = path.components
        components[0] = "thumbnails"
        let last = components.removeLast()
        let stem = last.utf8.split(separator: 0x2E).first.map { String(decoding: $0, as: UTF8.self) } ?? last  // ASCII: as split(separator: ".")
        components.append("\(stem)-\(size.maxPixels).\(format.fileExtension)")
        // Built from checked components and a checked number, so it is valid.
        return try! RelativePath(components: components)
    }
}
