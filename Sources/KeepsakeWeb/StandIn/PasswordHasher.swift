// TEMPORARY until branch i22-cli is merged.
public protocol PasswordHasher: Sendable {
    func hash(_ password: String) throws -> String
    func verify(_ password: String, against storedHash: String) throws -> Bool
    func needsRehash(_ storedHash: String) -> Bool
}
public struct Argon2idHasher: PasswordHasher {
    public init() {}
    public func hash(_ password: String) throws -> String { "" }
    public func verify(_ password: String, against storedHash: String) throws -> Bool { false }
    public func needsRehash(_ storedHash: String) -> Bool { false }
}
