public import Foundation
internal import COpenSSL

/// Cryptographic randomness and comparisons that take the same time whatever the bytes.
public enum SecureBytes {
    /// `count` bytes from OpenSSL's CSPRNG (seeded by the kernel).
    public static func random(_ count: Int) -> Data {
        var bytes = Data(count: count)
        let done = bytes.withUnsafeMutableBytes { buffer in
            buffer.isEmpty ? 1 : RAND_bytes(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(buffer.count))
        }
        precondition(done == 1, "RAND_bytes failed: the system has no entropy source")
        return bytes
    }

    /// Whether `a` and `b` are equal, in time that depends only on their lengths (for tokens,
    /// signatures and password hashes, so a timing attack learns nothing of the secret).
    public static func constantTimeEquals(_ a: some DataProtocol, _ b: some DataProtocol) -> Bool {
        let left = Array(a), right = Array(b)
        guard left.count == right.count else { return false }
        guard !left.isEmpty else { return true }
        return CRYPTO_memcmp(left, right, left.count) == 0
    }
}
