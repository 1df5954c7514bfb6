/// The checks that make a request's framing unambiguous, applied to its head before anything else.
///
/// libmicrohttpd 0.9.75 is lenient where a proxy in front of the server may read the same bytes
/// differently (request smuggling): it takes a request with both `Content-Length` and
/// `Transfer-Encoding` as chunked and answers the bytes after the chunked body as a second
/// request, takes the first of two different `Content-Length` fields, waits forever for a body in
/// a transfer coding it does not know, and accepts an HTTP/1.1 request without `Host` or with two.
/// Each of these is refused here (the server answers 400, or 501 for an unknown transfer coding,
/// and closes the connection).
enum RequestFraming {
    /// Why the head of a request with these `headers` and protocol `version` cannot be framed
    /// unambiguously, or `nil` when it can.
    static func problem(headers: HTTPHeaders, version: String) -> RequestFailure? {
        let hosts = headers.values(for: "Host")
        if hosts.count > 1 {
            return RequestFailure(status: .badRequest, message: "The request has \(hosts.count) Host fields; it must have exactly one.")
        }
        if hosts.isEmpty && version == "HTTP/1.1" {
            return RequestFailure(status: .badRequest, message: "The request has no Host field, which HTTP/1.1 requires.")
        }
        let lengths = headers.values(for: "Content-Length")
        let codings = headers.values(for: "Transfer-Encoding")
        if !codings.isEmpty {
            if !lengths.isEmpty {
                return RequestFailure(status: .badRequest,
                                      message: "The request has both Content-Length and Transfer-Encoding; send one of them.")
            }
            if version == "HTTP/1.0" {
                return RequestFailure(status: .badRequest, message: "An HTTP/1.0 request cannot use Transfer-Encoding.")
            }
            let items = codings.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .map { $0.trimmedOfBlanks.lowercased() }
            guard items == ["chunked"] else {
                return RequestFailure(status: .notImplemented,
                                      message: "Only the chunked transfer coding is understood; send the body with Content-Length or chunked.")
            }
        }
        if !lengths.isEmpty {
            // RFC 9110 §8.6: a list of identical values may be taken as one; anything else is invalid.
            let items = lengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .map(\.trimmedOfBlanks)
            guard let first = items.first, !first.isEmpty, first.utf8.count <= 19,
                  first.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                return RequestFailure(status: .badRequest, message: "The Content-Length field is not a number of bytes.")
            }
            guard items.allSatisfy({ $0 == first }) else {
                return RequestFailure(status: .badRequest, message: "The request has conflicting Content-Length values.")
            }
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmedOfBlanks: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(String(drop(while: blank).reversed().drop(while: blank).reversed()))
    }
}
