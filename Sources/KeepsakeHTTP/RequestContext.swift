internal import CMicroHTTPD
internal import Foundation

/// The state of one request while libmicrohttpd delivers it: the request line and headers, then
/// the body chunk by chunk (through libmicrohttpd's POST processor for forms), until it is
/// complete and handed to the handler, and then the handler's answer on its way back.
///
/// It lives from the first access-handler call of the request (retained in libmicrohttpd's
/// per-request pointer) to the completion callback. libmicrohttpd calls back for one connection on
/// one polling thread at a time, and the connection is suspended while its request is handled on a
/// pool thread, which only gets the finished ``HTTPRequest`` and a ``ResponseSlot``; so it needs no
/// lock and is never shared.
final class RequestContext {
    /// Where the request is.
    enum Stage {
        /// Head and body are arriving.
        case receiving
        /// The handler has the request; its answer comes through the slot.
        case handling(ResponseSlot)
    }

    private let limits: HTTPLimits
    private let stagingDirectory: URL

    private let method: HTTPMethod
    private let rawPathBytes: [UInt8]
    private let httpVersion: String
    private var headers = HTTPHeaders()
    private var query = HTTPParameters()
    private var cookies: [String: String] = [:]
    private var remoteAddress = ""
    private var path = ""

    /// Where the request is.
    var stage = Stage.receiving

    /// Body bytes received so far (kept or drained).
    private var received = 0
    /// The most body bytes this request may send (``HTTPServer/Configuration/BodyLimit``); at most
    /// ``HTTPLimits/maxBodyBytes``.
    private var bodyLimit: Int
    /// Set once the request is refused; the rest of the body is then drained, not stored.
    private(set) var failure: RequestFailure?

    /// libmicrohttpd's POST processor, for form bodies.
    private var formProcessor: OpaquePointer?
    private var form = HTTPParameters()
    private var files: [UploadedFile] = []
    private var current: Part?
    /// Every file created for this request, so that all of them go when it ends.
    private var staged: [StagedFile] = []

    /// A raw body: in memory up to the limit, then in `rawFile`.
    private var rawBody = Data()
    private var rawFile: StagedFile?

    /// The form part being received.
    private enum Part {
        case field(name: String, bytes: Data)
        case file(StagedFile, fieldName: String, fileName: String, contentType: String)
        /// A file input left empty by the browser (`filename=""`): ignored.
        case skipped
    }

    init(method: String, url: UnsafePointer<CChar>, version: String,
         limits: HTTPLimits, stagingDirectory: URL) {
        self.limits = limits
        self.bodyLimit = limits.maxBodyBytes
        self.stagingDirectory = stagingDirectory
        self.method = HTTPMethod(rawValue: method)
        self.httpVersion = version
        self.rawPathBytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(url).assumingMemoryBound(to: UInt8.self),
                                                      count: strlen(url)))
    }

    // MARK: - Headers

    /// Reads the request line and headers and validates them: unambiguous framing (no NUL byte,
    /// one `Host`, not both `Content-Length` and `Transfer-Encoding`, ...), strict percent-encoding
    /// and the body limit. Returns the failure to answer at once (before any byte of the body is
    /// read), if any.
    func start(connection: OpaquePointer, method methodPointer: UnsafePointer<CChar>, url: UnsafePointer<CChar>,
               version: UnsafePointer<CChar>?) -> RequestFailure? {
        var fieldProblem: RequestFailure?
        for (name, value) in Self.values(of: .HEADER_KIND, on: connection) {
            fieldProblem = fieldProblem ?? RequestFraming.fieldProblem(name: name, value: value)
            headers.add(String(decoding: name, as: UTF8.self), String(decoding: value ?? [], as: UTF8.self))
        }
        for (name, value) in Self.values(of: .COOKIE_KIND, on: connection) {
            let key = String(decoding: name, as: UTF8.self)
            let raw = value ?? []
            if cookies[key] == nil {
                cookies[key] = PercentEncoding.decode(raw) ?? String(decoding: raw, as: UTF8.self)
            }
        }
        if let address = clientAddress(of: connection) { remoteAddress = address }
        if let problem = RawRequestHead.problem(connection: connection, method: methodPointer, url: url, version: version)
            ?? fieldProblem ?? RequestFraming.problem(headers: headers, version: httpVersion) {
            fail(problem.status, problem.message)
            return failure
        }

        guard let decodedPath = PercentEncoding.decode(rawPathBytes), !decodedPath.utf8.contains(0) else {
            fail(.badRequest, "The address is not valid: it contains malformed percent-encoding.")
            return failure
        }
        path = decodedPath
        for (name, value) in Self.values(of: .GET_ARGUMENT_KIND, on: connection) {
            guard let key = PercentEncoding.decode(name), let text = PercentEncoding.decode(value ?? []) else {
                fail(.badRequest, "The query string is not valid: it contains malformed percent-encoding.")
                return failure
            }
            query.add(key, text)
        }

        if let lengthText = headers["Content-Length"], let length = Int(lengthText.trimmingCharacters(in: .whitespaces)),
           length > limits.maxBodyBytes {
            fail(.contentTooLarge, "The request is too large: \(Self.describe(bytes: length)) "
                        + "is over the limit of \(Self.describe(bytes: limits.maxBodyBytes)).")
            return failure
        }
        return nil
    }

    /// Lowers this request's body limit to `limit` (never above ``HTTPLimits/maxBodyBytes``) and
    /// returns the failure to answer at once when its `Content-Length` is over it.
    func limitBody(to limit: Int) -> RequestFailure? {
        bodyLimit = max(0, min(limit, limits.maxBodyBytes))
        if let lengthText = headers["Content-Length"], let length = Int(lengthText), length > bodyLimit {
            fail(.contentTooLarge, "The request is too large: \(Self.describe(bytes: length)) "
                        + "is over the limit of \(Self.describe(bytes: bodyLimit)) for this request.")
            return failure
        }
        return nil
    }

    /// The request as far as it is known once its head is in: everything but the form, the
    /// files and the body (for ``HTTPServer/Configuration/headCheck``).
    var head: HTTPRequest {
        HTTPRequest(method: method, path: path, rawPath: String(decoding: rawPathBytes, as: UTF8.self),
                    query: query, headers: headers, cookies: cookies, remoteAddress: remoteAddress,
                    httpVersion: httpVersion)
    }

    /// Gets ready for the body once the head is accepted: a form body goes through the POST
    /// processor. Returns the failure to answer at once, if any.
    func prepareBody(connection: OpaquePointer) -> RequestFailure? {
        if let type = mediaType, type == "multipart/form-data" || type == "application/x-www-form-urlencoded" {
            let context = Unmanaged.passUnretained(self).toOpaque()
            guard let processor = MHD_create_post_processor(connection, 64 * 1024, formPartIterator, context) else {
                fail(.badRequest, "The form data is malformed (no multipart boundary?).")
                return failure
            }
            formProcessor = processor
        }
        return nil
    }

    private var mediaType: String? {
        guard let value = headers["Content-Type"] else { return nil }
        return value.split(separator: ";", maxSplits: 1).first?
            .trimmingCharacters(in: .whitespaces).lowercased()
    }

    // MARK: - Body

    /// Takes one chunk of the body. Returns `false` when the connection must be closed at once:
    /// a body without `Content-Length` (chunked) went over the body limit, and libmicrohttpd
    /// cannot answer before the whole body is read.
    func receive(_ chunk: UnsafeRawBufferPointer) -> Bool {
        received += chunk.count
        if received > limits.maxBodyBytes {
            fail(.contentTooLarge, "The request is over the limit of \(Self.describe(bytes: limits.maxBodyBytes)).")
            return false
        }
        if received > bodyLimit {
            // Only a chunked body gets here (a longer Content-Length was refused with the head):
            // nothing more is kept; the rest is drained (up to the general limit) and answered 413.
            fail(.contentTooLarge, "The request is over the limit of \(Self.describe(bytes: bodyLimit)) for this request.")
        }
        if failure != nil {
            return true // drain what is left (at most the body limit), then answer
        }
        if let processor = formProcessor {
            let accepted = MHD_post_process(processor, chunk.baseAddress?.assumingMemoryBound(to: CChar.self),
                                            chunk.count) == MHD_Result.YES
            if !accepted && failure == nil {
                fail(.badRequest, "The form data is malformed.")
            }
        } else {
            appendRaw(chunk)
        }
        return true
    }

    private func appendRaw(_ chunk: UnsafeRawBufferPointer) {
        if rawFile == nil && rawBody.count + chunk.count <= limits.maxInMemoryBodyBytes {
            rawBody.append(contentsOf: chunk)
            return
        }
        do {
            if rawFile == nil {
                let file = try StagedFile(in: stagingDirectory)
                staged.append(file)
                rawFile = file
                try rawBody.withUnsafeBytes { try file.write($0) }
                rawBody = Data()
            }
            try rawFile?.write(chunk)
        } catch {
            fail(.internalServerError, "The request body could not be stored: \(error).")
        }
    }

    /// Takes one chunk of one form part from the POST processor. Returns `false` to stop it.
    func receivePart(key: UnsafePointer<CChar>?, fileName: UnsafePointer<CChar>?,
                     contentType: UnsafePointer<CChar>?, data: UnsafePointer<CChar>?,
                     offset: UInt64, size: Int) -> Bool {
        guard failure == nil else { return false }
        if offset == 0 {
            endPart()
            guard beginPart(key: key, fileName: fileName, contentType: contentType) else { return false }
        }
        guard size > 0, let data else { return true }
        let bytes = UnsafeRawBufferPointer(start: data, count: size)
        switch current {
        case .field(let name, var value):
            guard value.count + size <= limits.maxFieldBytes else {
                fail(.contentTooLarge, "A form field is over the limit of \(Self.describe(bytes: limits.maxFieldBytes)).")
                return false
            }
            current = nil // keep `value` uniquely referenced while appending
            value.append(contentsOf: bytes)
            current = .field(name: name, bytes: value)
        case .file(let file, _, _, _):
            guard file.byteCount + size <= limits.maxFileBytes else {
                fail(.contentTooLarge, "A file is too large: the limit is "
                   + "\(Self.describe(bytes: limits.maxFileBytes)) per file.")
                return false
            }
            do {
                try file.write(bytes)
            } catch {
                fail(.internalServerError, "An uploaded file could not be stored: \(error).")
                return false
            }
        case .skipped, nil:
            break
        }
        return true
    }

    private func beginPart(key: UnsafePointer<CChar>?, fileName: UnsafePointer<CChar>?,
                           contentType: UnsafePointer<CChar>?) -> Bool {
        let name = key.map { String(cString: $0) } ?? ""
        guard let fileName else {
            // A part with a content type but no file name is a file whose name the multipart parser
            // could not read (a NUL in it, say); browsers send no content type for plain fields.
            // Taken as a field it would vanish from the upload and the form be saved without it.
            if let contentType, !["text/plain", "application/json"].contains(where: String(cString: contentType).lowercased().hasPrefix) {
                fail(.badRequest, "A form part is a file without a readable file name; nothing was stored.")
                return false
            }
            guard form.count < limits.maxFields else {
                fail(.badRequest, "Too many form fields: at most \(limits.maxFields) can be sent at once.")
                return false
            }
            current = .field(name: name, bytes: Data())
            return true
        }
        let rawFileName = String(cString: fileName)
        if rawFileName.isEmpty {
            current = .skipped
            return true
        }
        guard files.count < limits.maxFiles else {
            fail(.badRequest, "Too many files: at most \(limits.maxFiles) can be sent at once.")
            return false
        }
        do {
            let file = try StagedFile(in: stagingDirectory)
            staged.append(file)
            let type = contentType.map { String(cString: $0) } ?? "application/octet-stream"
            current = .file(file, fieldName: name, fileName: UploadedFile.displayName(from: rawFileName),
                            contentType: type.isEmpty ? "application/octet-stream" : type)
            return true
        } catch {
            fail(.internalServerError, "The upload could not be stored: \(error).")
            return false
        }
    }

    /// Files the part being received into the form fields or the uploaded files.
    private func endPart() {
        switch current {
        case .field(let name, let bytes):
            form.add(name, String(decoding: bytes, as: UTF8.self))
        case .file(let file, let fieldName, let fileName, let contentType):
            file.close()
            files.append(UploadedFile(fieldName: fieldName, fileName: fileName, contentType: contentType,
                                      byteCount: file.byteCount, url: file.url))
        case .skipped, nil:
            break
        }
        current = nil
    }

    // MARK: - End

    /// Completes the body and returns the request for the handler, or why it is refused.
    func finish() -> Result<HTTPRequest, RequestFailure> {
        if let processor = formProcessor {
            formProcessor = nil
            // Destroying the processor delivers any value still buffered (the last urlencoded
            // field), and reports a body that ended in the middle of a part.
            if MHD_destroy_post_processor(processor) != MHD_Result.YES && failure == nil {
                fail(.badRequest, "The form data is malformed or incomplete.")
            }
        }
        if let failure { return .failure(failure) }
        endPart()
        let body: HTTPRequest.Body
        if let rawFile {
            rawFile.close()
            body = .file(rawFile.url, byteCount: rawFile.byteCount)
        } else if !rawBody.isEmpty {
            body = .data(rawBody)
        } else {
            body = .empty
        }
        return .success(HTTPRequest(method: method, path: path,
                                    rawPath: String(decoding: rawPathBytes, as: UTF8.self),
                                    query: query, headers: headers, cookies: cookies,
                                    remoteAddress: remoteAddress, httpVersion: httpVersion,
                                    form: form, files: files, body: body))
    }

    /// Deletes every staged file (those the handler moved away are gone already) and releases the
    /// POST processor. Safe to call more than once.
    func cleanUp() {
        if case .handling(let slot) = stage {
            slot.discard()  // an answer the connection went away before taking
        }
        if let processor = formProcessor {
            formProcessor = nil
            _ = MHD_destroy_post_processor(processor)
        }
        current = nil
        for file in staged {
            file.remove()
        }
        staged = []
        rawFile = nil
    }

    /// Refuses the request: records why (the first reason wins), and deletes what was staged.
    private func fail(_ status: HTTPStatus, _ message: String) {
        if failure == nil {
            failure = RequestFailure(status: status, message: message)
        }
        for file in staged {
            file.remove()
        }
        staged = []
        current = nil
        rawFile = nil
        rawBody = Data()
    }

    /// `1.5 MB`, `20 KB`, `300 bytes`.
    static func describe(bytes: Int) -> String {
        func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
        }
        if bytes >= 1 << 20 { return number(Double(bytes) / Double(1 << 20)) + " MB" }
        if bytes >= 1 << 10 { return number(Double(bytes) / Double(1 << 10)) + " KB" }
        return "\(bytes) bytes"
    }
}

/// `MHD_PostDataIterator`: hands each form chunk to the ``RequestContext`` in `cls`.
private func formPartIterator(_ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind,
                              _ key: UnsafePointer<CChar>?, _ fileName: UnsafePointer<CChar>?,
                              _ contentType: UnsafePointer<CChar>?, _ transferEncoding: UnsafePointer<CChar>?,
                              _ data: UnsafePointer<CChar>?, _ offset: UInt64, _ size: Int) -> MHD_Result {
    guard let cls else { return MHD_Result.NO }
    let context = Unmanaged<RequestContext>.fromOpaque(cls).takeUnretainedValue()
    return context.receivePart(key: key, fileName: fileName, contentType: contentType, data: data,
                               offset: offset, size: size) ? MHD_Result.YES : MHD_Result.NO
}
