import Foundation

/// A small HTTP/1.1 client over a raw socket: the request target is sent exactly as given (no
/// client-side normalisation of `..` or `%2e`), one request per connection.
struct HTTPClient: Sendable {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let port: Int

    /// Sends `method target` with `headers` and `body` and reads the whole response.
    func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: Data = Data(), timeout: Double = 60) throws -> Response {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return try exchange(Data(head.utf8) + body, timeout: timeout)
    }

    /// Sends raw bytes (a malformed request) and returns the response, or `nil` if the server
    /// closed the connection without one.
    func sendRaw(_ bytes: Data, timeout: Double = 30) throws -> Response? {
        do { return try exchange(bytes, timeout: timeout) } catch let failure as Failure where failure.description.hasPrefix("no response") {
            return nil
        }
    }

    private func exchange(_ request: Data, timeout: Double) throws -> Response {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var time = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect: \(String(cString: strerror(errno)))") }
        var sent = 0
        try request.withUnsafeBytes { buffer in
            while sent < buffer.count {
                let count = Foundation.send(fd, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                if count < 0 {
                    if errno == EINTR { continue }
                    // The server may refuse early (413) and close: read what it said.
                    if errno == EPIPE || errno == ECONNRESET { return }
                    throw Failure(description: "send: \(String(cString: strerror(errno)))")
                }
                sent += count
            }
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET && !data.isEmpty { break }
                throw Failure(description: errno == EAGAIN ? "no response within \(Int(timeout)) s" : "recv: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        guard !data.isEmpty else { throw Failure(description: "no response (connection closed)") }
        return try Self.parse(data)
    }

    static func parse(_ data: Data) throws -> Response {
        guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else { throw Failure(description: "a response without a complete head") }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "a bad status line: \(head[0].prefix(80))") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            var decoded = Data()
            var rest = body[...]
            while let lineEnd = rest.firstRange(of: Data("\r\n".utf8)) {
                let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
                let start = lineEnd.upperBound
                guard rest.distance(from: start, to: rest.endIndex) >= size else { break }
                let stop = rest.index(start, offsetBy: size)
                decoded.append(rest[start..<stop])
                rest = rest[stop...].dropFirst(2)
            }
            body = decoded
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// A multipart/form-data body and its content type.
    static func multipart(fields: [(String, String)], files: [(field: String, filename: String, data: Data)]) -> (body: Data, contentType: String) {
        let boundary = "keepsake-torture-\(UUID().uuidString)"
        var body = Data()
        for (name, value) in fields {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for file in files {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
            body += file.data + Data("\r\n".utf8)
        }
        body += Data("--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }
}
