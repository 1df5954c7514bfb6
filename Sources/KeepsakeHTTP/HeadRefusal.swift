internal import CMicroHTTPD
internal import Foundation

/// The server's own answer to a head that libmicrohttpd refuses before the access handler runs.
///
/// libmicrohttpd 0.9.75 reads `Content-Length` itself, before the application sees the request, and
/// answers a value it cannot read (`+5`, `-1`, `0x10`, ` 5 `, `5, 5`, `1e2`) or one too large (20
/// digits) with its own HTML page, whose head it sends twice: a client or a proxy reads a head-only
/// answer announcing a body, and then a second answer as that body. Its logger is told just before
/// (on the thread reading that connection's head), and the C shim passes that on here. The server
/// takes the socket away from libmicrohttpd (out of its epoll set; the descriptor number it holds
/// now names one end of a socket pair, watched in its place), so its page goes where nobody reads
/// it and its writes never fail (a failed write inside its error path makes it format a response it
/// has just freed). When libmicrohttpd closes the connection, the server sends its one answer (the
/// ``HTTPServer/Configuration/RefusalFormatter``'s, so a problem document on an API) with
/// `Connection: close` on the real socket, ends it and closes it: not earlier, or a client could stop
/// the server while libmicrohttpd is still inside that error path.
///
/// The connection is the one whose request line the thread read last; a refusal is written only
/// when that connection's own `Content-Length` is indeed one libmicrohttpd cannot read, so a head
/// that arrives in pieces while another connection's request line is read on the same thread gets
/// libmicrohttpd's answer instead, never another connection a wrong one.
enum HeadRefusal {
    /// Whether libmicrohttpd refuses `value` as a `Content-Length` (it reads only plain digits that fit
    /// in 64 bits), and with which status.
    static func refusalStatus(forContentLength value: [UInt8]) -> HTTPStatus? {
        guard !value.isEmpty, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return .badRequest }
        let digits = value.drop(while: { $0 == UInt8(ascii: "0") })
        if digits.count > 20 { return .contentTooLarge }
        return UInt64(String(decoding: digits.isEmpty ? [UInt8(ascii: "0")] : Array(digits), as: UTF8.self)) == nil ? .contentTooLarge : nil
    }

    /// The bytes of `response` as HTTP/1.1 sends them (a body of bytes; any other body is sent empty).
    static func serialize(_ response: HTTPResponse) -> [UInt8] {
        let body: Data
        if case .data(let data) = response.body { body = data } else { body = Data() }
        var head = "HTTP/1.1 \(response.status.rawValue) \(response.status.reasonPhrase)\r\n"
        if !response.headers.contains("Date") { head += "Date: \(HTTPDate.format(Date()))\r\n" }
        for (name, value) in response.headers where !HTTPHeaders.same(name, "Content-Length") {
            // The same refusal libmicrohttpd would make of a header value with CR or LF.
            guard !value.contains(where: { $0 == "\r" || $0 == "\n" }), !name.contains(where: { $0 == "\r" || $0 == "\n" }) else { continue }
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + Array(body)
    }
}

extension ServerCore {
    /// Answers `connection`'s refused head itself (see ``HeadRefusal``), if its `Content-Length` is
    /// the one libmicrohttpd refuses.
    func answerRefusedHead(_ connection: OpaquePointer, target: String) {
        // Over HTTPS the answer would have to go through libmicrohttpd's TLS session: it answers itself.
        guard !usesTLS else { return }
        // Only a connection that is open and waiting for its head is read (never a stale pointer).
        guard watchdog.socketAwaitingHead(connection) != nil else { return }
        let headers = RequestContext.values(of: .HEADER_KIND, on: connection)
        guard let length = headers.first(where: { HTTPHeaders.same(String(decoding: $0.0, as: UTF8.self), "Content-Length") }),
              let status = HeadRefusal.refusalStatus(forContentLength: length.1 ?? []) else { return }
        cmhd_forget_connection(connection)
        var fields = HTTPHeaders()
        for (name, value) in headers {
            fields.add(String(decoding: name, as: UTF8.self), String(decoding: value ?? [], as: UTF8.self))
        }
        let rawPath = String(target.prefix(while: { $0 != "?" }))
        let remote = clientAddress(of: connection) ?? ""
        let head = HTTPRequest(path: PercentEncoding.decode(rawPath) ?? "", rawPath: rawPath, headers: fields, remoteAddress: remote)
        let message = status == .contentTooLarge
            ? "The Content-Length field is too large a number."
            : "The Content-Length field is not a number of bytes."
        var response = refusalFormatter?(head, status, message) ?? .status(status, message: message)
        response.headers.set("Connection", "close")
        let bytes = HeadRefusal.serialize(withCommonHeaders(response))
        // libmicrohttpd's own answer must not reach the client, and its writes must not fail either
        // (a failed write inside its error path frees the response it then formats: a crash). So
        // the client's socket is taken away from it and the descriptor number it holds pointed at
        // one end of a socket pair, where its answer goes unread. The client's answer is written
        // when libmicrohttpd closes the connection, after it has finished with it (written now, a
        // client could stop the server while libmicrohttpd is still inside its error path).
        let epoll = cmhd_connection_epoll_fd(connection)
        guard epoll >= 0 else { return }  // (without epoll, libmicrohttpd answers itself)
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else { return }
        _ = fcntl(pair[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(pair[1], F_SETFL, O_NONBLOCK)
        var original: Int32 = -1
        let diverted = cmhd_divert_connection(connection, epoll, pair[0], &original)
        close(pair[0])
        guard diverted == 0 else {
            close(pair[1])
            if diverted == -2 { errorLog?("a refused head's connection could not be watched again; libmicrohttpd may stop") }
            return
        }
        watchdog.answerOnClose(connection, socket: original, bytes: bytes, sink: pair[1])
    }

    /// Sends a refused head's answer on the client's `socket` (``HeadRefusal``), ends it and closes
    /// it; `sink` is the unread end of libmicrohttpd's socket pair.
    static func sendAnswer(_ bytes: [UInt8], on socket: Int32, closing sink: Int32) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if sent <= 0 { break }
            offset += sent
        }
        shutdown(socket, Int32(SHUT_WR))
        // What the client sent after the head is read away first: closing a socket with unread
        // bytes would reset the connection, and the client might lose the answer.
        var scratch = [UInt8](repeating: 0, count: 16 << 10)
        while recv(socket, &scratch, scratch.count, Int32(MSG_DONTWAIT)) > 0 {}
        close(socket)
        close(sink)
    }
}

/// `cmhd_head_refusal_handler`: libmicrohttpd refuses the head of `connection`'s request itself.
func serverHeadRefused(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ status: Int32) {
    guard let cls, let connection else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    core.answerRefusedHead(connection, target: target.map { String(cString: $0) } ?? "")
}
