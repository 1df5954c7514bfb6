public import Foundation
internal import COpenSSL

/// SHA-256 through OpenSSL's libcrypto, which uses the CPU's SHA extensions where it has them.
///
/// A value type: copying a hasher mid-stream gives two independent hashers (the OpenSSL context is
/// copied on the first write after a copy).
public struct SHA256: Sendable {
    private var context: DigestContext

    /// A fresh hasher.
    public init() { context = DigestContext() }

    /// The digest of `data` as lowercase hex.
    public static func hex(_ data: Data) -> String {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalizeHex()
    }

    /// The digest of `data` as 32 bytes.
    public static func digest(_ data: Data) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalize()
    }

    /// Adds bytes.
    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Adds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        // EVP_DigestUpdate fails only on a misused context, which this type never makes.
        precondition(EVP_DigestUpdate(context.pointer, base, bytes.count) == 1, "EVP_DigestUpdate failed")
    }

    /// The digest of everything added, as 32 bytes; the hasher starts again empty afterwards.
    public mutating func finalize() -> [UInt8] {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        precondition(EVP_DigestFinal_ex(context.pointer, &digest, &length) == 1 && length == 32, "EVP_DigestFinal_ex failed")
        context = DigestContext()
        return digest
    }

    /// The digest of everything added, as lowercase hex; the hasher starts again empty afterwards.
    public mutating func finalizeHex() -> String { Hex.encode(finalize()) }
}

/// One OpenSSL digest context.
///
/// `@unchecked Sendable`: the context is only ever mutated through a ``SHA256`` that holds the only
/// reference to it (copy-on-write), so no two threads touch one context.
private final class DigestContext: @unchecked Sendable {
    let pointer: OpaquePointer

    init() {
        guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new: out of memory") }
        precondition(EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1, "EVP_DigestInit_ex(sha256) failed")
        pointer = context
    }

    private init(copying other: DigestContext) {
        guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new: out of memory") }
        precondition(EVP_MD_CTX_copy_ex(context, other.pointer) == 1, "EVP_MD_CTX_copy_ex failed")
        pointer = context
    }

    func copy() -> DigestContext { DigestContext(copying: self) }

    deinit { EVP_MD_CTX_free(pointer) }
}
