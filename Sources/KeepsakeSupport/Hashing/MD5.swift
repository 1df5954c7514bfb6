public import Foundation
internal import COpenSSL

/// MD5 through OpenSSL's libcrypto, only to check photos against the MD5 an export recorded for them
/// (Day One names every photo by the MD5 of its bytes). Never used for anything that needs security.
public enum MD5 {
    /// The digest of `data` as lowercase hex (empty if libcrypto fails, so it never matches).
    public static func hex(_ data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: 16)
        var length: UInt32 = 0
        let ok = data.withUnsafeBytes { bytes -> Bool in
            guard let context = EVP_MD_CTX_new() else { return false }
            defer { EVP_MD_CTX_free(context) }
            return EVP_DigestInit_ex(context, EVP_md5(), nil) == 1
                && EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1
                && EVP_DigestFinal_ex(context, &digest, &length) == 1
        }
        // libcrypto's MD5 fails only when the library is broken; an empty digest then never matches.
        return ok && length == 16 ? Hex.encode(digest) : ""
    }
}
