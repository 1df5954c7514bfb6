public import Foundation

/// How a stored object reaches a client.
public enum BlobBody: Sendable {
    /// An open, checked file: send it with `sendfile`.
    case file(BlobFile)
    /// The bytes themselves.
    case bytes(Data)
    /// A (presigned, short-lived) URL the client may fetch the object from.
    case redirect(URL)
}
