public import Foundation

/// How a stored object reaches a client.
public enum BlobBody: Sendable {
    /// An open, checked file: send it with `sendfile`.
    case file(BlobFile)
    /// The bytes themselves.
    case bytes(Data)
    /// The object's size and a read that fetches its bytes only when called: send them as they
    /// arrive, never holding the whole object (an object store's objects).
    case stream(BlobStream)
    /// A (presigned, short-lived) URL the client may fetch the object from until `expires`: a
    /// client must not reuse the redirect itself after that.
    case redirect(URL, expires: Date)
}
