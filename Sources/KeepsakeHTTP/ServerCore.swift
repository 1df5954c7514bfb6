internal import CMicroHTTPD
internal import Dispatch
internal import Foundation
internal import Synchronization

/// What libmicrohttpd's callbacks need, shared by the polling threads and the handler threads of
/// one server.
///
/// The polling threads (libmicrohttpd's, epoll) read every connection's request and write its
/// answer, and never block. When a request is complete its connection is suspended and the
/// handler runs on a thread of ``pool``; the answer it leaves in the request's ``ResponseSlot`` is
/// queued once the connection is resumed. ``watchdog`` closes connections that never finish a
/// request head or stop sending their body.
final class ServerCore: Sendable {
    /// Memory per connection for its headers and read buffer (libmicrohttpd's default is 32 KB;
    /// more means fewer, larger body chunks). libmicrohttpd zeroes it between the requests of a
    /// kept-alive connection, so it is not larger than uploads need: 128 KB cost a thumbnail ~6 %.
    static let connectionMemoryLimit = 64 * 1024

    let handler: RequestHandler
    let limits: HTTPLimits
    let stagingDirectory: URL
    let commonHeaders: HTTPHeaders
    let headCheck: HTTPServer.Configuration.HeadCheck?
    let refusalFormatter: HTTPServer.Configuration.RefusalFormatter?
    /// Whether the connections are HTTPS (then the server writes nothing to a socket itself).
    let usesTLS: Bool
    let bodyLimit: HTTPServer.Configuration.BodyLimit?
    let immediateAnswer: HTTPServer.Configuration.ImmediateAnswer?
    let errorLog: (@Sendable (String) -> Void)?
    let pool: HandlerPool
    let watchdog: ConnectionWatchdog
    /// The connections open from each address, across every daemon of the server.
    let perAddress: ConnectionsPerAddress
    /// The streamed bodies being sent.
    let streams = StreamRegistry()

    /// Requests whose handler has not resumed their connection yet, requests handed to a handler
    /// whose answer has not gone out yet, and whether the server is stopping (then no more are
    /// taken).
    private let handling = Mutex((count: 0, answering: 0, stopping: false))
    private let allHandled = DispatchGroup()
    /// How long ``drain()`` lets answers already made go out before the connections are closed.
    static let answerGrace: Duration = .seconds(2)

    /// How the application answers: on a pool thread, or in a task that a pool thread waits for
    /// until it finishes or parks.
    enum RequestHandler: Sendable {
        case sync(HTTPServer.Handler)
        case async(HTTPServer.AsyncHandler)
    }

    init(handler: RequestHandler, configuration: HTTPServer.Configuration) {
        self.handler = handler
        self.limits = configuration.limits
        self.stagingDirectory = configuration.stagingDirectory
        self.commonHeaders = configuration.commonHeaders
        self.headCheck = configuration.headCheck
        self.refusalFormatter = configuration.refusalFormatter
        self.usesTLS = configuration.tls != nil
        self.bodyLimit = configuration.bodyLimit
        self.immediateAnswer = configuration.immediateAnswer
        self.errorLog = configuration.errorLog
        pool = HandlerPool(maxThreads: configuration.maxConcurrentHandlers)
        watchdog = ConnectionWatchdog(headTimeout: configuration.headTimeout,
                                      bodyProgressTimeout: configuration.bodyProgressTimeout,
                                      bodyProgressBytes: configuration.bodyProgressBytes)
        perAddress = ConnectionsPerAddress(limit: configuration.maxConnectionsPerAddress)
    }

    /// The first access-handler call of a request: its head is in. Validates it, asks the
    /// configuration's head check, and gets ready for the body; a refusal is answered at once and
    /// closes the connection (the body is never read).
    func begin(_ context: RequestContext, connection: OpaquePointer, method: UnsafePointer<CChar>,
               url: UnsafePointer<CChar>, version: UnsafePointer<CChar>?) -> MHD_Result {
        watchdog.headReceived(connection)
        if let failure = context.start(connection: connection, method: method, url: url, version: version) {
            return refuseHead(refusal(failure, context), on: connection)
        }
        let head = context.head
        if let headCheck, let refusal = headCheck(head) {
            return refuseHead(refusal, on: connection)
        }
        if let bodyLimit, let limit = bodyLimit(head), let failure = context.limitBody(to: limit) {
            return refuseHead(refusal(failure, context), on: connection)
        }
        if let failure = context.prepareBody(connection: connection) {
            return refuseHead(refusal(failure, context), on: connection)
        }
        return MHD_Result.YES
    }

    /// The answer to a refused request, as the configuration's ``HTTPServer/Configuration/RefusalFormatter`` words it.
    private func refusal(_ failure: RequestFailure, _ context: RequestContext) -> HTTPResponse {
        refusalFormatter?(context.head, failure.status, failure.message) ?? failure.response
    }

    /// Answers before the body is read: libmicrohttpd skips "100 Continue" and discards the
    /// body, and `Connection: close` makes sure nothing after the head is read as another request.
    private func refuseHead(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        var refusal = response
        refusal.headers.set("Connection", "close")
        return queue(refusal, on: connection)
    }

    /// The body is complete: refuses the request if it broke a limit, answers it at once if the
    /// configuration's ``HTTPServer/Configuration/ImmediateAnswer`` can, otherwise suspends the
    /// connection and runs the handler on a pool thread.
    func dispatch(_ context: RequestContext, on connection: OpaquePointer) -> MHD_Result {
        watchdog.busy(connection)
        let request: HTTPRequest
        switch context.finish() {
        case .failure(let failure):
            context.cleanUp()
            return queue(refusal(failure, context), on: connection)
        case .success(let finished):
            request = finished
        }
        if let immediateAnswer, case .empty = request.body, request.files.isEmpty, request.form.isEmpty,
           !handling.withLock({ $0.stopping }), let response = immediateAnswer(request) {
            context.cleanUp()
            return queue(response, on: connection, label: "\(request.method) \(request.rawPath)")
        }
        let admitted = handling.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.count += 1
            state.answering += 1
            allHandled.enter()
            return true
        }
        guard admitted else {
            context.cleanUp()
            return refuseHead(refusal(RequestFailure(status: .serviceUnavailable, message: "The server is stopping."), context), on: connection)
        }
        let slot = ResponseSlot()
        context.stage = .handling(slot)
        MHD_suspend_connection(connection)
        let handle = ConnectionHandle(pointer: connection)
        switch handler {
        case .sync(let handler):
            pool.submit(key: request.remoteAddress) { [self] in
                let response: HTTPResponse
                do {
                    response = try handler(request)
                } catch {
                    response = failed(request, error)
                }
                answer(request, with: response, slot: slot, on: handle)
            }
        case .async(let handler):
            pool.submit(key: request.remoteAddress) { [self] in
                // The thread waits until the task finishes or parks (HTTPServer.park); a parked
                // task answers by itself when its wait is over.
                let ticket = HandlerTicket()
                Task(executorPreference: AsyncBridge.executor) { [self] in
                    let response: HTTPResponse
                    do {
                        response = try await HandlerTicket.$current.withValue(ticket) { try await handler(request) }
                    } catch {
                        response = failed(request, error)
                    }
                    answer(request, with: response, slot: slot, on: handle)
                    ticket.release()
                }
                ticket.wait()
            }
        }
        return MHD_Result.YES
    }

    /// The bare 500 for a handler that threw (its error goes to the log only).
    private func failed(_ request: HTTPRequest, _ error: any Error) -> HTTPResponse {
        errorLog?("\(request.method) \(request.rawPath): \(error)")
        return .status(.internalServerError, message: "Internal server error.")
    }

    /// Leaves the handler's answer for the suspended connection and resumes it.
    private func answer(_ request: HTTPRequest, with response: HTTPResponse, slot: ResponseSlot, on handle: ConnectionHandle) {
        // Build (and open any file of) the response before the uploads are deleted: a handler
        // may answer with the bytes of one of them.
        slot.fill(prepare(withCommonHeaders(response), on: handle.pointer, label: "\(request.method) \(request.rawPath)"))
        MHD_resume_connection(handle.pointer)
        handling.withLock { $0.count -= 1 }
        allHandled.leave()
    }

    /// The connection was resumed with its handler's answer: deletes the staged files and sends it.
    func finish(_ context: RequestContext, slot: ResponseSlot, on connection: OpaquePointer) -> MHD_Result {
        guard let prepared = slot.take() else {
            errorLog?("a resumed request had no answer")
            context.cleanUp()
            return MHD_Result.NO
        }
        context.cleanUp()
        return queue(prepared, on: connection)
    }

    /// A request that went to a handler has ended (answered, or its client went away).
    func answered() {
        handling.withLock { $0.answering -= 1 }
    }

    /// Takes no more requests (they get 503), waits until every running handler has resumed its
    /// connection (libmicrohttpd cannot stop while a connection is suspended), then gives their
    /// answers up to ``answerGrace`` to go out.
    func drain() {
        handling.withLock { $0.stopping = true }
        allHandled.wait()
        let clock = ContinuousClock(), deadline = clock.now + Self.answerGrace
        while handling.withLock({ $0.answering }) > 0 && clock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Sends `response` on `connection` (`label` names its request in log lines).
    func queue(_ response: HTTPResponse, on connection: OpaquePointer, label: String = "a refusal") -> MHD_Result {
        queue(prepare(withCommonHeaders(response), on: connection, label: label), on: connection)
    }

    private func queue(_ prepared: PreparedResponse, on connection: OpaquePointer) -> MHD_Result {
        watchdog.busy(connection)
        defer { MHD_destroy_response(prepared.response) }
        return MHD_queue_response(connection, UInt32(clamping: prepared.status.rawValue), prepared.response)
    }

    /// `response` with the configuration's common headers it does not set itself.
    func withCommonHeaders(_ response: HTTPResponse) -> HTTPResponse {
        var decorated = response
        for (name, value) in commonHeaders where !decorated.headers.contains(name) {
            decorated.headers.add(name, value)
        }
        return decorated
    }

    /// Turns `response` into a libmicrohttpd response for `connection` (`label` names its request
    /// in log lines). A file that cannot be opened becomes a 404; a stream that was sent already,
    /// or one that comes while the server is stopping, a 500.
    private func prepare(_ response: HTTPResponse, on connection: OpaquePointer, label: String) -> PreparedResponse {
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
                return prepare(.notFound(), on: connection, label: label)
            }
            made = MHD_create_response_from_fd64(UInt64(size), descriptor)
            if made == nil { close(descriptor) }
        case .openFile(let file):
            // libmicrohttpd sends it with sendfile(2) and closes the descriptor with the response.
            guard let descriptor = file.take() else { return prepare(.notFound(), on: connection, label: label) }
            made = MHD_create_response_from_fd_at_offset64(UInt64(file.size), descriptor, UInt64(file.offset))
            if made == nil { close(descriptor) }
        case .stream(let stream):
            guard let prepared = prepareStream(stream, on: connection, label: label) else {
                return prepare(.status(.internalServerError, message: "Internal server error."), on: connection, label: label)
            }
            made = prepared
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

    /// A libmicrohttpd response that pulls `stream`'s bytes as the client takes them (with its size,
    /// so `Content-Length` is sent); `nil` if the stream was sent already, the server is stopping,
    /// or libmicrohttpd could not make the response.
    private func prepareStream(_ stream: HTTPBodyStream, on connection: OpaquePointer, label: String) -> OpaquePointer? {
        let pump = stream.pump
        let streams = streams
        guard pump.bind(to: connection, label: label, log: errorLog, onSettled: { [weak pump] in
            if let pump { streams.remove(pump) }
        }) else {
            errorLog?("\(label): a streamed body can be sent only once")
            return nil
        }
        guard streams.add(pump) else {
            pump.release()
            return nil
        }
        // The response holds the pump until libmicrohttpd frees it (streamedBodyFreed).
        let retained = Unmanaged.passRetained(pump)
        let block = min(64 * 1024, max(4096, stream.bufferSize))
        guard let made = MHD_create_response_from_callback(UInt64(stream.size), block, streamedBodyReader, retained.toOpaque(), streamedBodyFreed) else {
            retained.release()
            pump.release()
            return nil
        }
        return made
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

/// `MHD_AccessHandlerCallback`: called when a request's headers are in, for each body chunk,
/// once the body is complete, and again when the connection is resumed with the handler's answer.
/// `cls` is the server's ``ServerCore``; `requestContext` holds the request's retained
/// ``RequestContext``.
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
        cmhd_forget_connection(connection)  // libmicrohttpd accepted its head
        return core.begin(context, connection: connection, method: method, url: url, version: version)
    }
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
    if case .handling(let slot) = context.stage {
        return core.finish(context, slot: slot, on: connection)
    }
    if uploadDataSize.pointee > 0 {
        let count = uploadDataSize.pointee
        let chunk = UnsafeRawBufferPointer(start: uploadData, count: count)
        uploadDataSize.pointee = 0
        core.watchdog.bodyReceived(connection, count: count)
        return context.receive(chunk) ? MHD_Result.YES : MHD_Result.NO
    }
    return core.dispatch(context, on: connection)
}

/// `MHD_RequestCompletedCallback`: the request is over (answered, or abandoned by the client, a
/// timeout or shutdown). Deletes what it staged, releases its ``RequestContext``, and starts the
/// connection's deadline for its next request head.
func serverRequestCompleted(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                            _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                            _ termination: MHD_RequestTerminationCode) {
    let core = cls.map { Unmanaged<ServerCore>.fromOpaque($0).takeUnretainedValue() }
    if let core, let connection {
        core.watchdog.requestEnded(connection)
    }
    guard let requestContext, let existing = requestContext.pointee else { return }
    requestContext.pointee = nil
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeRetainedValue()
    if case .handling = context.stage { core?.answered() }
    context.cleanUp()
}

/// `MHD_NotifyConnectionCallback`: a connection was accepted or is about to be closed. `cls` is
/// the server's ``ServerCore``, whose watchdog keeps an eye on each open connection.
func serverConnectionNotified(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                              _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                              _ code: MHD_ConnectionNotificationCode) {
    guard let cls, let connection else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    if code == .CONNECTION_NOTIFY_STARTED {
        let socket = cmhd_connection_socket(connection)
        core.watchdog.opened(connection, socket: socket)
        core.perAddress.opened(connection, socket: socket)
    } else {
        cmhd_forget_connection(connection)
        core.perAddress.closed(connection)
        core.watchdog.closed(connection)
    }
}
