public import Foundation
internal import COpenSSL

/// HMAC-SHA256 (RFC 2104) through OpenSSL's libcrypto: request signing (AWS SigV4) and signed
/// session and CSRF tokens.
public enum HMACSHA256 {
    /// The 32-byte authentication code of `message` under `key`.
    public static func authenticate(_ message: Data, key: Data) -> [UInt8] {
        var code = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let done = key.withUnsafeBytes { keyBytes in
            message.withUnsafeBytes { messageBytes in
                // A zero-length buffer may have a nil base address; OpenSSL wants a valid pointer.
                var empty: UInt8 = 0
                return withUnsafeMutablePointer(to: &empty) { placeholder in
                    HMAC(EVP_sha256(), keyBytes.baseAddress ?? UnsafeRawPointer(placeholder), Int32(keyBytes.count),
                         messageBytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(placeholder), messageBytes.count,
                         &code, &length)
                }
            }
        }
        precondition(done != nil && length == 32, "HMAC-SHA256 failed")
        return code
    }

    /// The authentication code of a UTF-8 string under `key`.
    public static func authenticate(_ message: String, key: Data) -> [UInt8] {
        authenticate(Data(message.utf8), key: key)
    }
}
