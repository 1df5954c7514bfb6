internal import CMicroHTTPD
internal import Foundation
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// What libmicrohttpd's callbacks need, shared by every connection thread of one server.
///
/// Immutable, so it is `Sendable`; the daemon reaches it through an unmanaged pointer.
final class ServerCore: Sendable {
    /// Memory per connection for its headers and read buffer (libmicrohttpd's default is 32 KB;
    /// more means fewer, larger body chunks).
    static let connectionMemoryLimit = 128 * 1024

    let handler: HTTPServer.Handler
    let limits: HTTPLimits
    let stagingDirectory: URL
    let errorLog: (@Sendable (String) -> Void)?

    init(handler: @escaping HTTPServer.Handler, limits: HTTPLimits, stagingDirectory: URL,
         errorLog: (@Sendable (String) -> Void)?) {
        self.handler = handler
        self.limits = limits
        self.stagingDirectory = stagingDirectory
        self.errorLog = errorLog
    }

    /// The last access-handler call of a request: the body is complete. Calls the handler (or
    /// answers why the request was refused), deletes the staged files and queues the response.
    func respond(to context: RequestContext, on connection: OpaquePointer) -> MHD_Result {
        let response: HTTPResponse
        switch context.finish() {
        case .failure(let failure):
            context.cleanUp()
            return queue(failure.response, on: connection)
        case .success(let request):
            do {
                response = try handler(request)
            } catch {
                errorLog?("\(request.method) \(request.rawPath): \(error)")
                response = .status(.internalServerError, message: "Internal server error.")
            }
        }
        // Build (and open any file of) the response before deleting the uploads: a handler may
        // answer with the bytes of one of them.
        let prepared = prepare(response)
        context.cleanUp()
        return queue(prepared, on: connection)
    }

    /// Sends `response` on `connection`.
    func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        queue(prepare(response), on: connection)
    }

    private func queue(_ prepared: PreparedResponse, on connection: OpaquePointer) -> MHD_Result {
        defer { MHD_destroy_response(prepared.response) }
        return MHD_queue_response(connection, UInt32(clamping: prepared.status.rawValue), prepared.response)
    }

    /// A libmicrohttpd response ready to queue.
    private struct PreparedResponse {
        let response: OpaquePointer
        let status: HTTPStatus
    }

    /// Turns `response` into a libmicrohttpd response. A file that cannot be opened becomes a 404.
    private func prepare(_ response: HTTPResponse) -> PreparedResponse {
        let made: OpaquePointer?
        switch response.body {
        case .empty:
            made = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        case .data(let data):
            made = data.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                                .RESPMEM_MUST_COPY)
            }
        case .file(let url):
            guard let (descriptor, size) = Self.openRegularFile(url) else {
                return prepare(.notFound())
            }
            made = MHD_create_response_from_fd64(UInt64(size), descriptor)
            if made == nil { close(descriptor) }
        case .openFile(let file):
            // libmicrohttpd sends it with sendfile(2) and closes the descriptor with the response.
            guard let descriptor = file.take() else { return prepare(.notFound()) }
            made = MHD_create_response_from_fd64(UInt64(file.size), descriptor)
            if made == nil { close(descriptor) }
        }
        guard let made else {
            // Only on memory exhaustion; a bare 500 carries no body to allocate.
            errorLog?("libmicrohttpd could not create a response")
            return PreparedResponse(response: MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT),
                                    status: .internalServerError)
        }
        for (name, value) in response.headers where !HTTPHeaders.same(name, "Content-Length") {
            // libmicrohttpd refuses names or values with CR, LF (no header injection) or tabs.
            if MHD_add_response_header(made, name, value) != MHD_Result.YES {
                errorLog?("header dropped: \(name)")
            }
        }
        return PreparedResponse(response: made, status: response.status)
    }

    /// Opens a regular file for reading; returns its descriptor and size, or `nil`.
    private static func openRegularFile(_ url: URL) -> (Int32, Int)? {
        let descriptor = url.withUnsafeFileSystemRepresentation { path -> Int32 in
            guard let path else { return -1 }
            return open(path, O_RDONLY | O_CLOEXEC)
        }
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        return (descriptor, Int(info.st_size))
    }
}

/// `MHD_AccessHandlerCallback`: called when a request's headers are in, for each body chunk, and
/// once the body is complete. `cls` is the server's ``ServerCore``; `requestContext` holds the
/// request's retained ``RequestContext``.
func serverAccessHandler(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                         _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?,
                         _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
                         _ uploadDataSize: UnsafeMutablePointer<Int>?,
                         _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> MHD_Result {
    guard let cls, let connection, let url, let method, let uploadDataSize, let requestContext else {
        return MHD_Result.NO
    }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    guard let existing = requestContext.pointee else {
        let context = RequestContext(method: String(cString: method), url: url,
                                     version: version.map { String(cString: $0) } ?? "",
                                     limits: core.limits, stagingDirectory: core.stagingDirectory)
        requestContext.pointee = Unmanaged.passRetained(context).toOpaque()
        if let failure = context.start(connection: connection) {
            // Answered before the body is read: libmicrohttpd skips "100 Continue", discards any
            // body and closes the connection after the response.
            return core.queue(failure.response, on: connection)
        }
        return MHD_Result.YES
    }
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
    if uploadDataSize.pointee > 0 {
        let chunk = UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee)
        uploadDataSize.pointee = 0
        return context.receive(chunk) ? MHD_Result.YES : MHD_Result.NO
    }
    return core.respond(to: context, on: connection)
}

/// `MHD_RequestCompletedCallback`: the request is over (answered, or abandoned by the client, a
/// timeout or shutdown). Deletes what it staged and releases its ``RequestContext``.
func serverRequestCompleted(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                            _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                            _ termination: MHD_RequestTerminationCode) {
    guard let requestContext, let existing = requestContext.pointee else { return }
    requestContext.pointee = nil
    Unmanaged<RequestContext>.fromOpaque(existing).takeRetainedValue().cleanUp()
}
