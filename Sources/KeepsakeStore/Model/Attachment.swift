public import Foundation

/// One stored image of a record, at a position in the record's ordered list.
public struct Attachment: Sendable, Hashable, Codable, Identifiable, StoredImageFactsHolder {
    /// Stable id of this stored file (unchanged by reordering).
    public var id: Int64
    /// The owning record.
    public var recordID: RecordID
    /// 0-based position in the record's list.
    public var position: Int
    /// Path of the original relative to the data folder: `attachments/<book>/<id>/image_<n>-<hash>.<ext>`
    /// (images stored before books had folders: `attachments/<collection>/<id>/…`).
    public var path: RelativePath
    /// Its bytes' size, hashes, media type, upright width and height, and its thumbnails' format;
    /// read as `attachment.byteSize` and so on (``StoredImageFactsHolder``).
    public var facts: StoredImageFacts
    /// Capture date from the photo's metadata, if it had one.
    public var capturedAt: Date?
    /// When this file was stored.
    public var createdAt: Date

    /// Creates an image value (a metadata store builds these from its rows).
    public init(id: Int64, recordID: RecordID, position: Int, path: RelativePath, byteSize: Int64, sha256: String, sourceSHA256: String,
                mediaType: String, width: Int, height: Int, capturedAt: Date?, thumbnailFormat: StoredImageFormat, createdAt: Date) {
        (self.id, self.recordID, self.position, self.path) = (id, recordID, position, path)
        facts = StoredImageFacts(byteSize: byteSize, sha256: sha256, sourceSHA256: sourceSHA256, mediaType: mediaType, width: width, height: height,
                                 thumbnailFormat: thumbnailFormat)
        (self.capturedAt, self.createdAt) = (capturedAt, createdAt)
    }

    enum CodingKeys: String, CodingKey {
        case id, recordID, position, path, capturedAt, createdAt
    }

    /// Decodes an image value, its facts from beside its own fields.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        (id, recordID) = (try container.decode(Int64.self, forKey: .id), try container.decode(RecordID.self, forKey: .recordID))
        (position, path) = (try container.decode(Int.self, forKey: .position), try container.decode(RelativePath.self, forKey: .path))
        facts = try StoredImageFacts(from: decoder)
        capturedAt = try container.decodeIfPresent(Date.self, forKey: .capturedAt)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
    }

    /// Encodes an image value, its facts beside its own fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(recordID, forKey: .recordID)
        try container.encode(position, forKey: .position)
        try container.encode(path, forKey: .path)
        try facts.encode(to: encoder)
        try container.encodeIfPresent(capturedAt, forKey: .capturedAt)
        try container.encode(createdAt, forKey: .createdAt)
    }

    /// The stored format, from the media type.
    public var format: StoredImageFormat? { StoredImageFormat.allCases.first { $0.mediaType == facts.mediaType } }

    /// Path of a thumbnail variant relative to the cache folder:
    /// `thumbnails/<book>/<id>/<stem>-<size>.<ext>` (the original's folder, under `thumbnails/`). Derived, so it need not be stored.
    public func thumbnailPath(_ size: ThumbnailSize) -> RelativePath {
        Self.thumbnailPath(for: path, size: size, format: facts.thumbnailFormat)
    }

    /// The thumbnail path for an original at `path`.
    static func thumbnailPath(for path: RelativePath, size: ThumbnailSize, format: StoredImageFormat) -> RelativePath {
        // The path's first component becomes `thumbnails` and its last one's stem gets the size
        // and the format's extension: `attachments/<book>/<record>/image_0-ab12.jpg` gives
        // `thumbnails/<book>/<record>/image_0-ab12-256.jpg` (on the bytes: a checked path is ASCII).
        let string = path.string
        let ending = "-\(size.maxPixels).\(format.fileExtension)"
        guard let firstSlash = string.utf8.firstIndex(of: 0x2F), let lastSlash = string.utf8.lastIndex(of: 0x2F) else {
            return try! RelativePath("thumbnails" + ending)  // one component: it is the one replaced
        }
        let last = string[string.utf8.index(after: lastSlash)...]
        let stem = last.utf8.split(separator: 0x2E).first.map { Substring($0) } ?? last
        // Built from checked components and a checked number, so it is valid.
        return try! RelativePath("thumbnails\(string[firstSlash..<lastSlash])/\(stem)\(ending)")
    }
}
