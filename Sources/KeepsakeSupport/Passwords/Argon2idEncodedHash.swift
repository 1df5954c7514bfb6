public import Foundation

/// An Argon2id hash in the PHC string format, read into its parts:
/// `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<tag>` (salt and tag in base64 without padding).
///
/// Reading a stored hash before handing it to libargon2 lets ``Argon2idHasher`` refuse a hash whose
/// parameters would exhaust the machine, and compare parameters for ``Argon2idHasher/needsRehash(_:)``.
public struct Argon2idEncodedHash: Sendable, Hashable {
    /// The Argon2 version: 19 (0x13, current) or 16 (0x10, when the string names none).
    public let version: UInt32
    /// The cost parameters the hash was made with.
    public let parameters: Argon2idParameters
    /// The salt's bytes.
    public let salt: Data
    /// The tag's bytes (the hash proper).
    public let tag: Data

    /// The salt lengths accepted in a stored hash, in bytes.
    public static let saltLengths = 8...64
    /// The tag lengths accepted in a stored hash, in bytes.
    public static let tagLengths = 16...64

    /// Reads `text`; throws ``PasswordError`` (``PasswordErrorKind/malformedHash``) saying what is
    /// wrong with it. The message never repeats the hash.
    public init(parsing text: String) throws {
        let fields = text.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 5 || fields.count == 6, fields[0].isEmpty else {
            throw Self.malformed("it does not have the five or six $-separated fields of the format")
        }
        guard fields[1] == "argon2id" else {
            throw Self.malformed("it names the algorithm \(Self.shown(fields[1])), and Keepsake reads only argon2id")
        }
        var next = 2
        if fields.count == 6 {
            guard fields[2].hasPrefix("v="), let version = UInt32(fields[2].dropFirst(2)), version == 19 || version == 16 else {
                throw Self.malformed("its version field \(Self.shown(fields[2])) is not v=19 or v=16")
            }
            self.version = version
            next = 3
        } else {
            version = 16
        }
        parameters = try Self.parameters(fields[next])
        if let problem = parameters.problem { throw Self.malformed(problem) }
        salt = try Self.bytes(fields[next + 1], named: "salt", lengths: Self.saltLengths)
        tag = try Self.bytes(fields[next + 2], named: "tag", lengths: Self.tagLengths)
    }

    private static func parameters(_ field: String) throws -> Argon2idParameters {
        let pairs = field.split(separator: ",", omittingEmptySubsequences: false)
        var values: [UInt32] = []
        for (pair, name) in zip(pairs, ["m=", "t=", "p="]) {
            guard pair.hasPrefix(name), let value = UInt32(pair.dropFirst(2)) else { break }
            values.append(value)
        }
        guard pairs.count == 3, values.count == 3 else {
            throw malformed("its parameter field \(shown(field)) is not m=<KiB>,t=<passes>,p=<lanes>")
        }
        return Argon2idParameters(memoryKiB: values[0], iterations: values[1], parallelism: values[2])
    }

    private static func bytes(_ field: String, named name: String, lengths: ClosedRange<Int>) throws -> Data {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        guard field.count % 4 != 1, field.allSatisfy({ alphabet.contains($0) }),
              let data = Data(base64Encoded: field + String(repeating: "=", count: (4 - field.count % 4) % 4)) else {
            throw malformed("its \(name) is not base64 without padding")
        }
        guard lengths.contains(data.count) else {
            throw malformed("its \(name) is \(data.count) bytes, and \(lengths.lowerBound) to \(lengths.upperBound) are accepted")
        }
        return data
    }

    /// A field of a hash as it may appear in a message: short, and only when it is plain ASCII.
    private static func shown(_ field: String) -> String {
        let plain = field.unicodeScalars.allSatisfy { $0.value >= 0x21 && $0.value < 0x7F }
        return plain && field.count <= 16 ? "\"\(field)\"" : "(\(field.utf8.count) bytes)"
    }

    private static func malformed(_ reason: String) -> PasswordError {
        PasswordError(.malformedHash,
                      "The stored password hash cannot be read: \(reason). It must be an Argon2id hash in the PHC string format, $argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<tag>; set a new password to replace it.")
    }
}
