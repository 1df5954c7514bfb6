/// Why an ``HTTPServer`` could not start.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The configured host is not an IPv4 address in dotted-quad form.
    case invalidAddress(String)
    /// The staging folder could not be created or is not a writable folder.
    case stagingDirectoryUnavailable(path: String, reason: String)
    /// libmicrohttpd could not listen (for example, the port is in use).
    case cannotListen(address: String, port: UInt16, reason: String)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .invalidAddress(let host):
            return "“\(host)” is not an IPv4 address such as 127.0.0.1 or 0.0.0.0."
        case .stagingDirectoryUnavailable(let path, let reason):
            return "The upload staging folder \(path) cannot be used: \(reason)."
        case .cannotListen(let address, let port, let reason):
            let reasonText = reason.isEmpty ? "" : ": \(reason)"
            return "Cannot listen on \(address):\(port)\(reasonText). Is another server using that port?"
        }
    }
}
