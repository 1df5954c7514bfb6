/// The checks that make a request's framing unambiguous, applied to its head before anything else.
///
/// libmicrohttpd 0.9.75 is lenient where a proxy in front of the server may read the same bytes
/// differently (request smuggling): it takes a request with both `Content-Length` and
/// `Transfer-Encoding` as chunked and answers the bytes after the chunked body as a second
/// request, takes the first of two different `Content-Length` fields, waits forever for a body in
/// a transfer coding it does not know (`chunked ` with a trailing space is one), accepts an
/// HTTP/1.1 request without `Host` or with two, reports `Content-Length : 5` (a space before the
/// colon) as a field named `Content-Length ` that frames nothing, and keeps a bare CR inside a field
/// value (`X: a<CR>Content-Length: 5`), where a proxy may see the end of a line. Each of these is
/// refused here (the server answers 400, or 501 for an unknown transfer coding, and closes the
/// connection).
enum RequestFraming {
    /// Why a header field with this raw `name` and `value` cannot be read one way only, or `nil`.
    ///
    /// RFC 9110 §5.1 and §5.5: a field name is a token (no space before the colon, no other
    /// separator), and a value holds no control character but HTAB (a bare CR or LF, a NUL).
    static func fieldProblem(name: some Collection<UInt8>, value: (some Collection<UInt8>)?) -> RequestFailure? {
        guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else {
            return RequestFailure(status: .badRequest,
                                  message: "A header field name has a space or a character HTTP does not allow (a space before the colon?); send each field as Name: value.")
        }
        if let value, value.contains(where: isControlCharacter) {
            return RequestFailure(status: .badRequest,
                                  message: "A header field value contains a control character (a bare CR, say), which is not allowed.")
        }
        return nil
    }

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
            // libmicrohttpd takes the body as chunked only for one field whose whole value is
            // `chunked` (any case); any other value would leave it waiting for a body it cannot read.
            guard codings.count == 1, codings[0].lowercased() == "chunked" else {
                return RequestFailure(status: .notImplemented,
                                      message: "Only the chunked transfer coding is understood, as the one value of one Transfer-Encoding field; send the body with Content-Length or chunked.")
            }
        }
        if let first = lengths.first {
            // libmicrohttpd reads the first field as a plain number; another field may only repeat
            // it exactly (RFC 9110 §8.6 allows identical values to be taken as one).
            guard !first.isEmpty, first.utf8.count <= 19, first.utf8.allSatisfy(isDigit) else {
                return RequestFailure(status: .badRequest, message: "The Content-Length field is not a number of bytes.")
            }
            guard lengths.allSatisfy({ $0 == first }) else {
                return RequestFailure(status: .badRequest, message: "The request has conflicting Content-Length values.")
            }
        }
        return nil
    }

    /// `tchar` of RFC 9110 §5.6.2: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// A control character that may not stand in a field value (all but HTAB; DEL too).
    private static func isControlCharacter(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
