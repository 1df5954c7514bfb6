internal import CArgon2
public import Foundation

/// Argon2id password hashes through libargon2, the reference implementation (RFC 9106).
///
/// ``hash(_:)`` uses ``parameters`` (by default ``Argon2idParameters/recommended``: 19 MiB, 2 passes,
/// 1 lane), a 16-byte salt from the system's CSPRNG and a 32-byte tag, and returns the PHC string
/// `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<tag>`. ``verify(_:against:)`` uses the parameters written in
/// the stored hash, and libargon2 compares the tags in constant time.
public struct Argon2idHasher: PasswordHasher {
    /// The parameters new hashes are made with.
    public let parameters: Argon2idParameters
    /// The salt length of new hashes, in bytes.
    public static let saltLength = 16
    /// The tag length of new hashes, in bytes.
    public static let tagLength = 32

    /// A hasher making hashes with `parameters`; they must be usable (``Argon2idParameters/problem`` nil).
    public init(parameters: Argon2idParameters = .recommended) {
        precondition(parameters.problem == nil, "Argon2id parameters \(parameters): \(parameters.problem ?? "")")
        self.parameters = parameters
    }

    /// A new PHC string for `password` with a fresh salt.
    public func hash(_ password: String) throws -> String {
        try hash(password, salt: SecureBytes.random(Self.saltLength))
    }

    /// The PHC string for `password` with this salt (exposed so tests can compare with other
    /// implementations; everything else uses ``hash(_:)``, which draws a fresh salt).
    public func hash(_ password: String, salt: Data) throws -> String {
        let length = argon2_encodedlen(parameters.iterations, parameters.memoryKiB, parameters.parallelism,
                                       UInt32(salt.count), UInt32(Self.tagLength), Argon2_id)
        var encoded = [CChar](repeating: 0, count: length)
        let password = Array(password.utf8)
        let result = password.withUnsafeBytes { passwordBytes in
            salt.withUnsafeBytes { saltBytes in
                argon2id_hash_encoded(parameters.iterations, parameters.memoryKiB, parameters.parallelism,
                                      passwordBytes.baseAddress, passwordBytes.count,
                                      saltBytes.baseAddress, saltBytes.count,
                                      Self.tagLength, &encoded, encoded.count)
            }
        }
        guard result == ARGON2_OK.rawValue else {
            throw PasswordError(.hashingFailed, "The password could not be hashed: libargon2 said \(Self.reason(result)).")
        }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` matches `storedHash`, with the parameters written in it.
    public func verify(_ password: String, against storedHash: String) throws -> Bool {
        _ = try Argon2idEncodedHash(parsing: storedHash)
        let password = Array(password.utf8)
        let result = password.withUnsafeBytes { passwordBytes in
            argon2id_verify(storedHash, passwordBytes.baseAddress, passwordBytes.count)
        }
        switch result {
        case ARGON2_OK.rawValue: return true
        case ARGON2_VERIFY_MISMATCH.rawValue: return false
        case ARGON2_MEMORY_ALLOCATION_ERROR.rawValue, ARGON2_THREAD_FAIL.rawValue:
            throw PasswordError(.hashingFailed, "The password could not be checked: libargon2 said \(Self.reason(result)).")
        default:
            throw PasswordError(.malformedHash,
                                "The stored password hash cannot be read: libargon2 said \(Self.reason(result)). Set a new password to replace it.")
        }
    }

    /// Whether `storedHash` was made with other parameters, another version or another tag length
    /// than new hashes get, or cannot be read at all.
    public func needsRehash(_ storedHash: String) -> Bool {
        guard let stored = try? Argon2idEncodedHash(parsing: storedHash) else { return true }
        return stored.version != 19 || stored.parameters != parameters || stored.tag.count != Self.tagLength
            || stored.salt.count < Self.saltLength
    }

    private static func reason(_ code: Int32) -> String {
        guard let text = argon2_error_message(code) else { return "error \(code)" }
        return "\(String(cString: text).lowercased()) (error \(code))"
    }
}
