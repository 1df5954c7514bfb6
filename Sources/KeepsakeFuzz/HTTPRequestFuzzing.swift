import Foundation
import KeepsakeHTTP

/// `http`: raw bytes as a request to a real KeepsakeHTTP server in this process (libmicrohttpd's
/// request line, header and multipart/urlencoded parsing with KeepsakeHTTP's callbacks: header
/// collection, percent-decoding of the path, query and cookies, form fields and uploads staged to
/// disk). The server must answer (or close) without a 5xx, keep answering, and hand the handler
/// only what it promises: a path without NUL, uploads that exist while the handler runs.
enum HTTPRequestFuzzing {
    static let target = FuzzTarget(name: "http", summary: "raw requests to a real KeepsakeHTTP server: no 5xx, still answering, clean requests",
                                   check: check, seeds: seeds)

    static let server: HTTPServer = {
        let staging = FuzzStores.folder("http").appendingPathComponent("staging")
        let limits = HTTPLimits(maxFileBytes: 512 << 10, maxBodyBytes: 1 << 20, maxFiles: 8, maxFieldBytes: 64 << 10)
        return try! HTTPServer(configuration: .init(stagingDirectory: staging, limits: limits, idleTimeout: .seconds(2))) { request in
            require(!request.path.contains("\0"), "the handler got a path with NUL: \(request.path.debugDescription)")
            for file in request.files {
                require(FileManager.default.fileExists(atPath: file.url.path), "the upload \(file.fileName.debugDescription) is not on disk while the handler runs")
            }
            // (Never the path itself: an answer's body must not look like another answer's head.)
            let summary = "\(request.method.rawValue.utf8.count) \(request.path.utf8.count) q=\(request.query.count) f=\(request.form.count) files=\(request.files.count)"
            return .text(summary)
        }
    }()

    static func check(_ data: Data) {
        let (response, answers) = exchange(data)
        // One answer per request at most: libmicrohttpd 0.9.75 sent the head of its own refusal of a
        // Content-Length twice (issue 25), which a client reads as two answers.
        let requests = max(1, data.ranges(of: Data(" HTTP/1.".utf8)).count)
        require(answers <= requests, "\(answers) answers to \(requests) requests in \(String(decoding: data.prefix(300), as: UTF8.self).debugDescription)")
        if let status = response {
            // 505 is libmicrohttpd's protocol answer to a request line of another HTTP version
            // (HTTP/0.1, HTTP/2.0), 501 the server's to a transfer coding other than chunked:
            // refusals, not server failures. Every other 5xx is a finding.
            let requestLine = String(decoding: data.prefix(while: { $0 != 0x0A }), as: UTF8.self).trimmingCharacters(in: .init(charactersIn: "\r"))
            let versionRefusal = status == 505 && !requestLine.hasSuffix(" HTTP/1.1") && !requestLine.hasSuffix(" HTTP/1.0")
            let codingRefusal = status == 501 && String(decoding: data, as: UTF8.self).lowercased().contains("transfer-encoding")
            require(!(500...599).contains(status) || versionRefusal || codingRefusal,
                    "the server answered \(status) to \(String(decoding: data.prefix(300), as: UTF8.self).debugDescription)")
        }
        // Still answering.
        let probe = exchange(Data("GET /alive HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n\r\n".utf8)).status
        require(probe == 200, "the server stopped answering after \(String(decoding: data.prefix(300), as: UTF8.self).debugDescription) (probe: \(String(describing: probe)))")
    }

    /// Sends the bytes, half-closes, and reads the status code of the first response (`nil` when
    /// the server closed without answering) and how many status lines came back.
    static func exchange(_ bytes: Data) -> (status: Int?, answers: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        require(fd >= 0, "socket: \(errno)")
        defer { close(fd) }
        var time = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(server.port.bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        require(connected == 0, "cannot connect to the fuzzed server: errno \(errno)")
        var sent = 0
        bytes.withUnsafeBytes { buffer in
            while sent < buffer.count {
                let count = send(fd, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                if count <= 0 { break }
                sent += count
            }
        }
        shutdown(fd, Int32(SHUT_WR))
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
            if received.count > 1 << 20 { break }
        }
        let head = String(decoding: received.prefix(64), as: UTF8.self)
        // Status lines: at the start, or right after a line end (a head's or a body's last byte).
        let answers = (received.starts(with: Data("HTTP/1.".utf8)) ? 1 : 0) + received.ranges(of: Data("\nHTTP/1.".utf8)).count
            + received.ranges(of: Data(">HTTP/1.".utf8)).count
        guard head.hasPrefix("HTTP/1."), head.count >= 12 else { return (nil, answers) }
        return (Int(head.dropFirst(9).prefix(3)), answers)
    }

    static func seeds(_ corpus: URL, _ folder: URL) throws {
        func write(_ name: String, _ data: Data) throws { try data.write(to: folder.appendingPathComponent(name)) }
        try write("get", Data("GET /diary?tag=caf%C3%A9&page=2&flag HTTP/1.1\r\nHost: x\r\nCookie: s=a%3Bb; t=1\r\n\r\n".utf8))
        try write("urlencoded", Data("POST /diary HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 27\r\n\r\ntitle=a+b&text=%E2%9C%93&x=".utf8))
        let image = (try? Data(contentsOf: corpus.appendingPathComponent("png/basn2c08.png"))) ?? Data("PNG".utf8)
        var body = Data("--BOUNDARY\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHello\r\n".utf8)
        body += Data("--BOUNDARY\r\nContent-Disposition: form-data; name=\"photos\"; filename=\"a b.png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        body += image + Data("\r\n--BOUNDARY--\r\n".utf8)
        try write("multipart", Data("POST /diary HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=BOUNDARY\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
        let chunked = Data("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/octet-stream\r\n\r\n5\r\nhello\r\n0\r\n\r\n".utf8)
        try write("chunked", chunked)
        try write("pipelined", Data("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b%2F..%00 HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        // Framing that a proxy may read otherwise (issue 25): each must be one refusal, then close.
        let hidden = "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"
        try write("framing-space-before-colon", Data("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length : \(hidden.utf8.count)\r\n\r\n\(hidden)".utf8))
        try write("framing-bare-cr", Data("POST /a HTTP/1.1\r\nHost: x\r\nX-A: a\rContent-Length: 5\r\n\r\nhello\(hidden)".utf8))
        for (index, length) in ["+5", "-1", "0x10", " 5 ", "5, 5", "1e2", "99999999999999999999"].enumerated() {
            try write("framing-length-\(index)", Data("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\nhello".utf8))
        }
        for (index, coding) in ["chunked ", "Chunked", "gzip, chunked", "chunked\r\nTransfer-Encoding: chunked"].enumerated() {
            try write("framing-coding-\(index)", Data("POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \(coding)\r\n\r\n5\r\nhello\r\n0\r\n\r\n\(hidden)".utf8))
        }
        try write("framing-nul-after-method", Data("GET".utf8) + Data([0]) + Data(" /a HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
    }
}
