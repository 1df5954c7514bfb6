public import Foundation
internal import KeepsakeSupport

extension S3Client {
    /// Stores `data` under `key`, refusing to replace an object already there (`If-None-Match: *`,
    /// unless `overwrite`), and letting the server refuse bytes whose SHA-256 is not `sha256`
    /// (`x-amz-content-sha256`; computed here when not given). The hash is also kept in the object's
    /// metadata (`x-amz-meta-sha256`), so a retry that meets the object its own earlier attempt stored
    /// recognises it and succeeds.
    ///
    /// Throws ``S3Error/Kind-swift.struct/alreadyExists`` when another object holds the key (it is left as it
    /// was) and ``S3Error/Kind-swift.struct/contentMismatch`` when the bytes that arrived are not the ones
    /// hashed (nothing is stored).
    @discardableResult
    public func putObject(key: String, data: Data, contentType: String = "application/octet-stream", sha256: String? = nil,
                          metadata: [String: String] = [:], overwrite: Bool = false) throws -> S3PutResult {
        try put(key: key, body: .data(data), size: Int64(data.count), sha256: sha256 ?? SHA256.hex(data),
                contentType: contentType, metadata: metadata, overwrite: overwrite)
    }

    /// Stores the file at `file` under `key`, read while it is sent (never whole in memory), with the
    /// same guarantees as ``putObject(key:data:contentType:sha256:metadata:overwrite:)``. Without
    /// `sha256` the file is read once first to hash it; if it changes in between, the server refuses it.
    @discardableResult
    public func putObject(key: String, file: URL, contentType: String = "application/octet-stream", sha256: String? = nil,
                          metadata: [String: String] = [:], overwrite: Bool = false) throws -> S3PutResult {
        let size: Int64
        let hash: String
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
            hash = try sha256 ?? Self.hashFile(file)
        } catch {
            throw S3Error(.invalidRequest, operation: "PUT", bucket: bucket, key: key, message: "cannot read \(file.path): \(error.localizedDescription)")
        }
        return try put(key: key, body: .file(file, size: size), size: size, sha256: hash, contentType: contentType, metadata: metadata, overwrite: overwrite)
    }

    private func put(key: String, body: HTTPRequest.Body, size: Int64, sha256: String, contentType: String,
                     metadata: [String: String], overwrite: Bool) throws -> S3PutResult {
        try validate(key: key, operation: "PUT")
        let hash = sha256.lowercased()
        var headers: [(name: String, value: String)] = [("content-type", contentType), ("x-amz-meta-sha256", hash)]
        for (name, value) in metadata.sorted(by: { $0.key < $1.key }) where name.lowercased() != "sha256" {
            headers.append(("x-amz-meta-\(name.lowercased())", value))
        }
        if !overwrite { headers.append(("if-none-match", "*")) }
        do {
            let response = try send("PUT", method: "PUT", key: key, headers: headers, body: body, payloadHash: hash,
                                    condition: overwrite ? .none : .ifNoneMatch, accept: [200])
            return S3PutResult(key: key, etag: S3ResponseHeaders.unquoted(response.headers["etag"] ?? ""), size: size, sha256: hash,
                               storedByEarlierAttempt: false)
        } catch let error as S3Error where error.kind == .alreadyExists && error.attempts > 1 {
            // An earlier attempt may have stored the object and lost the answer: if what is there now
            // is these bytes, that attempt succeeded.
            guard let info = try headObject(key: key), info.sha256 == hash, info.size == size else { throw error }
            return S3PutResult(key: key, etag: info.etag, size: size, sha256: hash, storedByEarlierAttempt: true)
        }
    }

    /// The SHA-256 of a file, read in 1 MiB pieces.
    static func hashFile(_ file: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(chunk) }
        return hasher.finalizeHex()
    }
}
