import Foundation
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// `GET /images/<record id>/<attachment id>/<variant>` where the variant is `original`, `256`
    /// or `1024` (thumbnails). The record and attachment are looked up in the metadata store and the
    /// bytes come as the blob store answers (see ``imageBytes(_:variant:request:ranges:)``):
    /// nothing in the URL is ever used as a path, so it cannot reach outside the store. Unknown or
    /// malformed ids are 404; a store failure is answered with its own status.
    func imageResponse(segments: [String], request: WebRequest) -> HTTPResponse {
        guard let (recordID, attachmentID, variant) = imageAddress(segments) else { return notFound(request) }
        do {
            guard let record = try store.recordIfPresent(recordID),
                  let attachment = record.images.first(where: { $0.id == attachmentID }) else { return notFound(request) }
            return try imageBytes(attachment, variant: variant, request: request.http, ranges: false)
        } catch {
            configuration.errorLog?("image \(recordID)/\(attachmentID)/\(segments[2]): \(error)")
            return errorResponse(error, request)
        }
    }

    /// The record, attachment and variant named by an image URL's last three segments, or `nil`.
    private func imageAddress(_ segments: [String]) -> (RecordID, Int64, ImageVariant)? {
        guard segments.count == 3, let recordID = Self.recordID(segments[0]),
              let attachmentID = Self.attachmentID(segments[1]) else { return nil }
        if segments[2] == "original" { return (recordID, attachmentID, .original) }
        guard let pixels = Int(segments[2]), segments[2].allSatisfy(\.isASCII),
              let known = operatorStore.options.thumbnailSizes.first(where: { $0.maxPixels == pixels }) else { return nil }
        return (recordID, attachmentID, .thumbnail(known))
    }

    /// The answer to a `GET` or `HEAD` of an image page route (`/images/…`) given on the polling
    /// thread (``KeepsakeHTTP/HTTPServer/Configuration/ImmediateAnswer``), or `nil` to leave the
    /// request to ``handle(_:)``. Only where nothing waits: the store's metadata is local
    /// (``isLocalStore``) and the bytes are a file the blob store opens. The access rules are
    /// ``handle(_:)``'s (allowed `Host`, a valid session cookie, logged in when login is
    /// required; the record is read as the session's account, ``RequestCaller``) and so are the headers; anything else (no cookie yet, a session to refresh, an
    /// unknown image, a thumbnail to make again, any failure) goes to ``handle(_:)``, which
    /// answers it with its own status.
    func immediateAnswer(to request: HTTPRequest) -> HTTPResponse? {
        guard isLocalStore, request.method == .get || request.method == .head, request.rawPath.hasPrefix("/images/"),
              isAllowedHost(request.headers["Host"]) else { return nil }
        let segments = request.pathSegments
        // A logged-in session's account and whether it was logged out are read in the transaction
        // that reads what it may do: one transaction for the session check and the access rule,
        // none while nothing has committed to the store since the session's last image.
        var known: AccessAtLastChange?
        let now = Date()
        let lookup = { (id: AccountID, nonce: String) throws(WebError) -> Sessions.Facts in
            let read: SessionAccess
            do {
                read = try self.sessionAccess.value(for: SessionAccess.Key(account: id, nonce: nonce), in: self.operatorStore) {
                    let read = try self.operatorStore.acting(as: .account(id)).accessAtLastChange { tx in
                        Result { () throws(WebError) in try self.sessions.revocations.isRevoked(nonce, in: tx, now: now) }
                    }
                    return SessionAccess(access: read.access, isRevoked: try read.also.get())
                }
            } catch let error as WebError {
                throw error
            } catch {
                throw WebError("The account of a session cannot be read: \((error as? KeepsakeError)?.message ?? "\(error)")")
            }
            known = read.access
            return Sessions.Facts(isRevoked: read.isRevoked, account: read.access.account)
        }
        guard case .page = router.handler(request.method, segments),
              let (recordID, attachmentID, variant) = imageAddress(Array(segments.dropFirst())),
              let resolved = try? sessions.resolve(cookie: request.cookies[Session.cookieName], now: now, facts: lookup),
              !resolved.sendsCookie, !requiresLogin || resolved.session.isAuthenticated,
              let caller = resolved.account.map({ Caller.account($0.id) }) ?? openAccount.map({ Caller.account($0) }),
              var response = RequestCaller.$current.withValue(caller, operation: {
                  immediateImageBytes(attachmentID, of: recordID, variant: variant, request: request, ranges: false,
                                      known: resolved.account == nil ? nil : known)
              })
        else { return nil }
        SecurityHeaders.apply(to: &response, overHTTPS: configuration.tls != nil)
        return response
    }

    /// ``imageBytes(_:variant:request:ranges:)`` of the attachment `id` of `record` when it can be
    /// answered on the polling thread: the store is local, the attachment is known (from
    /// ``attachmentIndex`` or one read of the record) and its bytes are a file that opens. `nil`
    /// for anything else (no such image, a thumbnail to make again, any failure), which the caller
    /// leaves to its handler. The caller has checked the request's access rights.
    func immediateImageBytes(_ id: Int64, of record: RecordID, variant: ImageVariant, request: HTTPRequest, ranges: Bool,
                             known: AccessAtLastChange? = nil) -> HTTPResponse? {
        guard isLocalStore else { return nil }
        let store = self.store  // the caller's, read once
        do {
            guard let entry = try indexedAttachment(id, of: record, in: store, known: known) else { return nil }
            let key = entry.key(variant)
            return try imageBytes(entry.attachment, variant: variant, request: request, ranges: ranges) {
                let body = try store.blobs.body(of: key)
                guard case .file = body else { throw NotImmediate() }
                return body
            }
        } catch {
            return nil
        }
    }

    /// The attachment `id` of `record` and its blob keys if the request's caller reads it, `nil` if
    /// there is none (or it may not): which record and book it belongs to from ``attachmentIndex``
    /// while the change log has not moved, else read from the store as the caller; whether the
    /// caller reads that book from the engine, in the same transaction as the change sequence,
    /// every time (`known`: that transaction's answer, read for this request's caller while its
    /// session was checked); `store` is the caller's.
    private func indexedAttachment(_ id: Int64, of record: RecordID, in store: Store, known: AccessAtLastChange?) throws -> AttachmentIndex.Entry? {
        let current = try known ?? store.accessAtLastChange(readingAccount: false)
        let (sequence, access) = (current.sequence, current.access)
        if let kept = attachmentIndex.entry(id, of: record, at: sequence) { return access.canRead(kept.book) ? kept : nil }
        guard let read = try store.recordIfPresent(record), let attachment = read.images.first(where: { $0.id == id }) else { return nil }
        let entry = AttachmentIndex.Entry(attachment, book: read.book, thumbnailSizes: store.options.thumbnailSizes)
        attachmentIndex.remember(entry, at: sequence)
        return entry
    }

    /// Thrown inside ``immediateAnswer(to:)`` when the blob store's answer is not an open file.
    private struct NotImmediate: Error {}

    /// The `Cache-Control` of an image's bytes and of their `304`: the photos are private, so no
    /// shared cache (a proxy) may keep them (`private`), and a browser that keeps a copy must ask
    /// the server again before each use (`no-cache`), so a copy is never shown without a request
    /// that passes the login or the token check (after a logout, or once a token is revoked, it
    /// is not). Asking again is cheap: the `ETag` (an attachment id always names the same bytes)
    /// gets a `304` from the image row, without reading the blob store.
    static let privateCaching = "private, no-cache"

    /// The answer to a `GET` or `HEAD` of an image's bytes (its original, or a thumbnail), for the
    /// pages and the API alike.
    ///
    /// - The validators come from the metadata alone: `ETag` (the SHA-256, with the thumbnail's
    ///   size) and `Last-Modified` (when the image was stored). `If-None-Match` or
    ///   `If-Modified-Since` that match get a `304` before the blob store is asked anything.
    /// - Otherwise the bytes come as the blob store answers: an open, checked file sent with
    ///   `sendfile`, bytes, or a stream read from the object store while it is sent (a `HEAD`
    ///   request fetches none of them), each with the validators and ``privateCaching``.
    /// - With `ranges`, one byte range (`Range: bytes=a-b`, `If-Range`) is answered `206` from a
    ///   ranged read of that part only (`sendfile` from the file's offset, or one ranged `GET`),
    ///   and `416` when it starts after the end.
    /// - A presigned redirect is a `307` without validators whose `Cache-Control` lets a client
    ///   reuse it for at most half the time its URL has left (``redirectCaching(expires:now:)``).
    func imageBytes(_ attachment: Attachment, variant: ImageVariant, request: HTTPRequest, ranges: Bool) throws -> HTTPResponse {
        try imageBytes(attachment, variant: variant, request: request, ranges: ranges) {
            try store.imageBody(of: attachment, variant: variant)
        }
    }

    /// ``imageBytes(_:variant:request:ranges:)`` with the blob store's answer from `fetch`, which
    /// is called only when the answer is not a `304`.
    private func imageBytes(_ attachment: Attachment, variant: ImageVariant, request: HTTPRequest, ranges: Bool,
                            fetch: () throws -> BlobBody) throws -> HTTPResponse {
        let (contentType, etag) = switch variant {
        case .original: (attachment.mediaType, attachment.sha256)
        case .thumbnail(let size): (attachment.thumbnailFormat.mediaType, "\(attachment.sha256)-\(size.maxPixels)")
        }
        let validators = HTTPValidators(etag: etag, lastModified: attachment.createdAt)
        var response: HTTPResponse
        if validators.isNotModified(for: request) {
            response = HTTPResponse(status: .notModified)
        } else {
            let body = try fetch()
            if case .redirect(let url, let expires) = body {
                return HTTPResponse(status: .temporaryRedirect, headers: ["Location": url.absoluteString,
                                                                          "Cache-Control": Self.redirectCaching(expires: expires, now: Date())])
            }
            let total: Int64 = switch body {
            case .file(let file): file.size
            case .bytes(let data): Int64(data.count)
            case .stream(let stream): stream.size
            case .redirect: 0
            }
            if ranges, let range = try Self.byteRange(request, total: total, etag: validators.etagHeaderValue ?? "") {
                response = try Self.response(for: body, contentType: contentType, range: range)
                response.status = .partialContent
                response.headers.set("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(total)")
            } else {
                response = try Self.response(for: body, contentType: contentType)
            }
        }
        for (name, value) in validators.headers { response.headers.set(name, value) }
        response.headers.set("Cache-Control", Self.privateCaching)
        if ranges { response.headers.set("Accept-Ranges", "bytes") }
        return response
    }

    /// The `Cache-Control` of a redirect to a URL that works until `expires`: `private, max-age=`
    /// half the time the URL has left at `now`, so a client never follows a redirect it kept to a
    /// URL that has expired (whatever the clocks' small differences); `no-store` when that is
    /// under a second.
    static func redirectCaching(expires: Date, now: Date) -> String {
        let seconds = (expires.timeIntervalSince(now) / 2).rounded(.down)
        return seconds >= 1 ? "private, max-age=\(Int(seconds))" : "no-store"
    }

    /// The HTTP body for what the blob store answered, whole or only the bytes `range`.
    /// A file is sent from the descriptor the blob store opened (never opened again by name), from
    /// the range's offset; a stream is read (whole, or that range only) while it is sent.
    static func response(for body: BlobBody, contentType: String, range: Range<Int64>? = nil) throws -> HTTPResponse {
        switch body {
        case .file(let file):
            let descriptor = file.takeDescriptor()
            guard descriptor >= 0 else { throw KeepsakeError(.io, "The image file could not be sent: its descriptor was handed on already.") }
            do {
                // The blob store checked it is a regular file of `file.size` bytes when it opened it.
                let open = if let range {
                    try OpenFile(descriptor: descriptor, range: Int(range.lowerBound)..<Int(range.upperBound))
                } else {
                    OpenFile(descriptor: descriptor, checkedSize: Int(file.size))
                }
                return .file(open, contentType: contentType)
            } catch {
                throw KeepsakeError(.io, "The image file could not be sent: \(error.description)")
            }
        case .bytes(let data):
            let bytes = range.map { data.subdata(in: Int($0.lowerBound)..<Int($0.upperBound)) } ?? data
            return HTTPResponse(status: .ok, headers: ["Content-Type": contentType], body: .data(bytes))
        case .stream(let stream):
            let length = range.map { Int64($0.count) } ?? stream.size
            return .stream(HTTPBodyStream(size: length) { write in
                try stream.read(range: range, chunk: write)
            }, contentType: contentType)
        case .redirect(let url, _):
            return HTTPResponse(status: .temporaryRedirect, headers: ["Location": url.absoluteString])
        }
    }

    /// A positive attachment id written in ASCII digits only.
    static func attachmentID(_ text: String) -> Int64? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int64(text), value > 0 else { return nil }
        return value
    }

    /// The URL of an attachment's original or thumbnail.
    static func imageURL(_ attachment: Attachment, _ variant: String) -> String {
        "/images/\(attachment.recordID.string)/\(attachment.id)/\(variant)"
    }

    /// An `<img>` of an attachment's thumbnail with its display size, so lists never load an
    /// original and the layout does not jump while thumbnails arrive.
    static func thumbnail(_ attachment: Attachment, size: Int = 256, alt: String, className: String = "thumb") -> HTML {
        let longest = max(attachment.width, attachment.height, 1)
        let scale = min(1.0, Double(size) / Double(longest))
        let width = max(1, Int((Double(attachment.width) * scale).rounded()))
        let height = max(1, Int((Double(attachment.height) * scale).rounded()))
        return """
            <img class="\(className)" src="\(imageURL(attachment, String(size)))" width="\(width)" height="\(height)" alt="\(alt)" loading="lazy">
            """
    }
}
