internal import CMicroHTTPD
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Finds bytes of a request head that libmicrohttpd read but does not report.
///
/// libmicrohttpd 0.9.75 accepts a NUL byte inside a header line and silently drops the rest of
/// that line (`X-A: a\0bcd` is reported as `X-A: a`), while a proxy in front of the server may
/// read the whole line: the two then disagree about the request. libmicrohttpd offers no option
/// against it, and the lengths it reports stop at the NUL.
///
/// It parses the head in place, in the connection's read buffer: the request line and every
/// header field stay where they arrived, their separators (the spaces of the request line, `?`,
/// `&` and `=` of the query, each field's `:`, CR and LF) overwritten with NUL bytes. So the head
/// is `MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE` bytes from the method's first byte, and every byte
/// of it that lies outside the method, target, version, header names and values and query
/// parameters that libmicrohttpd reports must be a separator: a NUL, or blank space around a
/// value. This check finds any other byte there (the hidden rest of a line after a NUL), and runs
/// of NULs longer than the separators explain (a NUL just before a line's end); a header field
/// that libmicrohttpd moved out of the buffer is an obsolete folded line, refused as well.
///
/// The layout is libmicrohttpd 0.9.75's (Debian 12's), so the check runs only with that version.
/// One case stays invisible: a NUL right before a bare LF line end looks like CR LF (it hides no
/// bytes).
enum RawRequestHead {
    /// Whether the running libmicrohttpd lays out heads as this check expects.
    static let isSupported: Bool = MHD_get_version().map { String(cString: $0) } == "0.9.75"

    /// Why the head of `connection`'s current request is refused, or `nil`.
    static func problem(connection: OpaquePointer, method: UnsafePointer<CChar>, url: UnsafePointer<CChar>,
                        version: UnsafePointer<CChar>?) -> RequestFailure? {
        guard isSupported else { return nil }
        let size = cmhd_connection_head_size(connection)
        guard size > 0 else { return nil }
        let base = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(method)))
        var spans = SpanList(base: base, size: size)
        spans.add(method, length: strlen(method), required: true)
        spans.add(url, length: strlen(url), required: true)
        if let version { spans.add(version, length: strlen(version), required: true) }
        withUnsafeMutablePointer(to: &spans) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, collectSpan, pointer)
            // A query parameter found outside the head is no problem (only header fields are).
            pointer.pointee.partsRequired = false
            _ = MHD_get_connection_values_n(connection, .GET_ARGUMENT_KIND, collectSpan, pointer)
        }
        if spans.outside {
            return RequestFailure(status: .badRequest,
                                  message: "A header field continues on a second line (obsolete line folding); send each field on one line.")
        }
        let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(method), count: size)
        let sorted = spans.spans.sorted { $0.start < $1.start }
        var position = 0
        for (index, span) in sorted.enumerated() {
            // Between the method and the target stands one space (overwritten: one NUL); elsewhere
            // a line end (CR LF) or a separator and the blanks around a value.
            let maxNULs = index == 1 ? 1 : 2
            if span.start > position, !isSeparator(bytes[position..<span.start], maxNULs: maxNULs) {
                return hiddenBytes
            }
            position = max(position, span.end)
        }
        // The end: the last line's CR LF and the blank line's.
        if position < size, !isSeparator(bytes[position..<size], maxNULs: 4) {
            return hiddenBytes
        }
        return nil
    }

    private static let hiddenBytes = RequestFailure(status: .badRequest,
                                                    message: "The request head contains a NUL byte, which is not allowed.")

    /// Whether `gap` is what libmicrohttpd leaves between two reported parts: blanks and at most
    /// `maxNULs` NUL bytes (overwritten separators).
    private static func isSeparator(_ gap: Slice<UnsafeRawBufferPointer>, maxNULs: Int) -> Bool {
        var nuls = 0
        for byte in gap {
            switch byte {
            case 0: nuls += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): break
            default: return false
            }
        }
        return nuls <= maxNULs
    }
}

/// The parts of a head libmicrohttpd reports, as offsets from the head's first byte.
struct SpanList {
    let base: UInt
    let size: Int
    var spans: [(start: Int, end: Int)] = []
    /// A part that must be inside the head was found elsewhere.
    var outside = false
    /// Whether the parts ``collectSpan`` adds now must lie inside the head.
    var partsRequired = true

    init(base: UInt, size: Int) {
        self.base = base
        self.size = size
    }

    mutating func add(_ pointer: UnsafePointer<CChar>, length: Int, required: Bool) {
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(pointer)))
        guard address >= base, address - base <= UInt(size), Int(address - base) + length <= size else {
            if required { outside = true }
            return
        }
        let start = Int(address - base)
        spans.append((start: start, end: start + length))
    }
}

/// `MHD_KeyValueIteratorN` adding a header field's or query parameter's name and value to the
/// ``SpanList`` in `cls` (required to lie in the head as ``SpanList/partsRequired`` says).
private func collectSpan(_ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind,
                         _ key: UnsafePointer<CChar>?, _ keySize: Int,
                         _ value: UnsafePointer<CChar>?, _ valueSize: Int) -> MHD_Result {
    guard let cls else { return MHD_Result.YES }
    let spans = cls.assumingMemoryBound(to: SpanList.self)
    let required = spans.pointee.partsRequired
    if let key { spans.pointee.add(key, length: keySize, required: required) }
    if let value { spans.pointee.add(value, length: valueSize, required: required) }
    return MHD_Result.YES
}
