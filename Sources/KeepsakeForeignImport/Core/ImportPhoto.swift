public import Foundation

/// One photo of an entry to import: where its bytes are in the export, and how to check them.
public struct ImportPhoto: Sendable, Hashable {
    /// Its name in the export, for messages (`photos/cf80411f….jpeg`).
    public var name: String
    /// The source's id of the photo (Day One's `identifier`, which `dayone-moment://` links name).
    public var identifier: String?
    /// The file, or `nil` when the export does not hold it.
    public var file: URL?
    /// The MD5 the source recorded for the bytes (Day One names photos by it), checked before the
    /// photo is stored: bytes that do not match are a damaged copy.
    public var expectedMD5: String?

    /// Creates a photo.
    public init(name: String, identifier: String? = nil, file: URL?, expectedMD5: String? = nil) {
        self.name = name
        self.identifier = identifier
        self.file = file
        self.expectedMD5 = expectedMD5
    }
}
