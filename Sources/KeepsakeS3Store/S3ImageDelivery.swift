/// How ``S3BlobStore/body(of:)`` hands an image to a client.
public enum S3ImageDelivery: Sendable, Hashable, CustomStringConvertible {
    /// The bytes go through Keepsake, streamed from a `GET` of the object while they are sent
    /// (``KeepsakeStore/BlobBody/stream(_:)``): the object store needs to be reachable only from
    /// the servers.
    case stream
    /// The client is redirected to a presigned GET URL of the object that lasts `expires` (1 second
    /// to 7 days): the object store must be reachable from the clients too.
    case redirect(expires: Duration)

    /// `streamed through Keepsake` or `redirect to presigned URLs valid N s`.
    public var description: String {
        switch self {
        case .stream: "streamed through Keepsake"
        case .redirect(let expires): "redirect to presigned URLs valid \(expires.components.seconds) s"
        }
    }
}
