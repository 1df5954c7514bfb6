public import Foundation
public import KeepsakeStore
import KeepsakeSupport

/// The API's bearer tokens (`keepsake token create|list|revoke`), kept in the store's metadata, so
/// every server sharing a store (and the CLI) sees the same ones.
///
/// A token is `ks_<id>_<secret>`: `id` is 24 random hex digits followed by 16 hex digits of an
/// HMAC-SHA256 of them under the store's token key, `secret` 64 random hex digits (256 bits). Only
/// the id, a name, the owner (an account), the scopes (read-only, a list of books) and the SHA-256
/// of the secret are stored (setting namespace `api.tokens`, key = id; a token stored before
/// accounts has no owner and acts as the first admin); the token itself is shown once, when it is made. The HMAC lets a
/// server refuse a made-up token before reading its request body, without asking the store; the
/// secret is checked there too, against the server's memory of the tokens (``APITokenSecrets``,
/// ``WebApp/checkHead(_:)``); the store decides every request itself.
public struct APITokens: Sendable {
    /// The settings namespace of the tokens.
    static let namespace = "api.tokens"
    /// The setting holding the key of the ids' HMAC.
    static let keyNamespace = "api", keyName = "token-id-key"
    /// Most characters of a token's name.
    public static let maxNameLength = 64

    /// The store the tokens live in.
    public let store: Store

    /// The tokens of `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Makes a token named `name` that acts as `owner` (`nil`: the store's first admin) with these
    /// scopes, and returns it with what is kept about it. The token is not stored: show it now, it
    /// cannot be shown again.
    ///
    /// - Parameters:
    ///   - books: the books it is limited to (each one the owner can read); `nil`: every book of
    ///     the owner, as its memberships stand at each request.
    /// - Throws: ``KeepsakeError/Code/invalidArgument`` for an empty or too long name or one
    ///   with control characters; ``KeepsakeError/Code/notFound`` for an owner that is not there
    ///   or a book it cannot read; ``KeepsakeError/Code/conflict`` when a token that is not
    ///   revoked has that name.
    public func create(name: String, readOnly: Bool, owner: AccountID? = nil, books: Set<BookID>? = nil,
                       now: Date = Date()) throws -> (token: String, info: APITokenInfo) {
        let name = try Self.checkedName(name)
        let operatorStore = store.acting(as: .localOperator)
        guard let owner = try owner ?? operatorStore.firstAdmin()?.id else {
            throw KeepsakeError(.notFound, "The store has no admin to own the token; name its account with --user LOGIN.")
        }
        let account = try operatorStore.account(owner)
        if account.isDisabled {
            throw KeepsakeError(.conflict, "The account \(account.login) is disabled; enable it first, or make the token for another account.")
        }
        if let books {
            let ownerStore = store.acting(as: .account(owner))
            for book in books { _ = try ownerStore.book(book) }  // notFound when the owner cannot read it
        }
        let key = try idKey()
        let nonce = Hex.encode(SecureBytes.random(12))
        let id = nonce + Self.tag(nonce, key: key)
        let secret = Hex.encode(SecureBytes.random(32))
        let info = APITokenInfo(id: id, name: name, readOnly: readOnly, owner: owner, books: books.map { $0.sorted() },
                                createdAt: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)), revokedAt: nil)
        let stored = StoredToken(info: info, secretSHA256: SHA256.hex(Data(secret.utf8)))
        let value = String(decoding: try Self.encoder.encode(stored), as: UTF8.self)
        try store.metadata.write { tx in
            let existing = try tx.settings(in: Self.namespace).values.compactMap { try? Self.decode($0) }
            if existing.contains(where: { $0.info.name == name && !$0.info.isRevoked }) {
                throw KeepsakeError(.conflict, "A token named \(KeepsakeError.printable(name)) exists already; revoke it first or pick another name.")
            }
            try tx.setSetting(id, in: Self.namespace, to: value)
        }
        return ("ks_\(id)_\(secret)", info)
    }

    /// The account named `login` (`nil`: the store's first admin), to own a token.
    ///
    /// - Throws: ``KeepsakeError/Code/invalidArgument`` for a malformed name;
    ///   ``KeepsakeError/Code/notFound`` when no account has it (or the store has no admin).
    public func owner(login: String?) throws -> Account {
        let operatorStore = store.acting(as: .localOperator)
        guard let login else {
            guard let admin = try operatorStore.firstAdmin() else {
                throw KeepsakeError(.notFound, "The store has no admin to own the token; name its account with --user LOGIN.")
            }
            return admin
        }
        return try operatorStore.account(login: try LoginName(login))
    }

    /// The books `account` may read named by `names` (each a book's id, or its name when only one
    /// of the account's books has it), for a token's scope.
    ///
    /// - Throws: ``KeepsakeError/Code/notFound`` for a name or id the account has no book by;
    ///   ``KeepsakeError/Code/invalidArgument`` for a name several of its books have.
    public func books(_ names: [String], of account: AccountID) throws -> Set<BookID> {
        let readable = try store.acting(as: .account(account)).books()
        return try Set(names.map { name in
            if let book = readable.first(where: { $0.id.string == name.lowercased() }) { return book.id }
            let named = readable.filter { $0.name == name }
            switch named.count {
            case 1: return named[0].id
            case 0: throw KeepsakeError(.notFound, "The account has no book \(KeepsakeError.quoted(name)); keepsake book list shows its books and their ids.")
            default: throw KeepsakeError(.invalidArgument, "The account has several books named \(KeepsakeError.quoted(name)); give the book's id (keepsake book list).")
            }
        })
    }

    /// The login name of every account, by id (to show whose each token is).
    public func accountLogins() throws -> [AccountID: LoginName] {
        Dictionary(uniqueKeysWithValues: try store.acting(as: .localOperator).accounts().map { ($0.id, $0.login) })
    }

    /// Every token, revoked ones too, oldest first.
    public func list() throws -> [APITokenInfo] {
        let all = try store.metadata.read { try $0.settings(in: Self.namespace) }
        return try all.values.map { try Self.decode($0).info }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// Revokes the token whose id or name is `idOrName` (a name: the one not yet revoked); from the
    /// next request on it is refused everywhere.
    ///
    /// - Throws: ``KeepsakeError/Code/notFound`` when no token matches.
    @discardableResult
    public func revoke(_ idOrName: String, now: Date = Date()) throws -> APITokenInfo {
        try store.metadata.write { tx in
            let all = try tx.settings(in: Self.namespace).mapValues(Self.decode)
            guard var stored = all[idOrName] ?? all.values.first(where: { $0.info.name == idOrName && !$0.info.isRevoked }) else {
                throw KeepsakeError(.notFound, "No token has the id or name \(KeepsakeError.printable(idOrName)); list the tokens to see them.")
            }
            if stored.info.revokedAt == nil { stored.info.revokedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)) }
            try tx.setSetting(stored.info.id, in: Self.namespace, to: String(decoding: try Self.encoder.encode(stored), as: UTF8.self))
            return stored.info
        }
    }

    /// What the store says of a presented token.
    enum Check: Sendable {
        /// A good token.
        case valid(APITokenInfo)
        /// A token of this store that was revoked (its secret matched).
        case revoked(id: String)
        /// Malformed, unknown, or a secret that does not match.
        case invalid
    }

    /// Asks the store about `token`; the secret's SHA-256 is compared in constant time.
    func check(_ token: String) throws -> Check {
        guard let (id, secret) = Self.parse(token) else { return .invalid }
        guard let value = try store.metadata.read({ try $0.setting(id, in: Self.namespace) }) else { return .invalid }
        let stored = try Self.decode(value)
        guard SecureBytes.constantTimeEquals(Data(SHA256.hex(Data(secret.utf8)).utf8), Data(stored.secretSHA256.utf8)) else { return .invalid }
        return stored.info.isRevoked ? .revoked(id: id) : .valid(stored.info)
    }

    /// What the store keeps of every token it can read (the SHA-256 of the secret, the revocation),
    /// by id: what ``APITokenSecrets`` loads when the app starts. An entry that cannot be read is left
    /// out here; ``storedToken(id:)`` reads it again, and reports it, when its token is used.
    func storedTokens() throws -> [String: StoredToken] {
        let all = try store.metadata.read { try $0.settings(in: Self.namespace) }
        return all.compactMapValues { try? Self.decode($0) }
    }

    /// What the store keeps of the token `id`; `nil` when it has none.
    ///
    /// - Throws: a ``KeepsakeError`` when the store cannot be read, or its entry for `id` cannot.
    func storedToken(id: String) throws -> StoredToken? {
        try store.metadata.read { try $0.setting(id, in: Self.namespace) }.map(Self.decode)
    }

    /// The key of the ids' HMAC, made on first use (one write transaction, so concurrent first uses
    /// agree on one key).
    func idKey() throws -> Data {
        if let hex = try store.metadata.read({ try $0.setting(Self.keyName, in: Self.keyNamespace) }), let key = Self.decodeHex(hex) {
            return key
        }
        return try store.metadata.write { tx in
            if let hex = try tx.setting(Self.keyName, in: Self.keyNamespace), let key = Self.decodeHex(hex) { return key }
            let key = SecureBytes.random(32)
            try tx.setSetting(Self.keyName, in: Self.keyNamespace, to: Hex.encode(key))
            return key
        }
    }

    // MARK: - Format

    /// `(id, secret)` of a well-formed token.
    static func parse(_ token: String) -> (id: String, secret: String)? {
        let parts = token.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "ks", parts[1].utf8.count == 40, parts[2].utf8.count == 64,
              parts[1].utf8.allSatisfy(Self.isHexDigit), parts[2].utf8.allSatisfy(Self.isHexDigit) else { return nil }
        return (String(parts[1]), String(parts[2]))
    }

    /// Whether `id` carries the HMAC of this store's key (a token made here, perhaps revoked since).
    static func isGenuine(id: String, key: Data) -> Bool {
        let nonce = String(id.prefix(24))
        return SecureBytes.constantTimeEquals(Data(tag(nonce, key: key).utf8), Data(id.dropFirst(24).utf8))
    }

    private static func tag(_ nonce: String, key: Data) -> String {
        String(Hex.encode(HMACSHA256.authenticate("api-token-id:" + nonce, key: key)).prefix(16))
    }

    static func checkedName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= maxNameLength,
              !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) else {
            throw KeepsakeError(.invalidArgument, "A token's name is 1 to \(maxNameLength) characters on one line, such as phone or backup-script.")
        }
        return trimmed
    }

    /// A lowercase hex digit.
    static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
    }

    /// The bytes of lowercase hex text; `nil` for anything else.
    static func decodeHex(_ text: String) -> Data? {
        let bytes = Array(text.utf8)
        guard bytes.count % 2 == 0, bytes.allSatisfy(isHexDigit) else { return nil }
        func value(_ byte: UInt8) -> UInt8 { byte <= 0x39 ? byte - 0x30 : byte - 0x61 + 10 }
        return Data(stride(from: 0, to: bytes.count, by: 2).map { value(bytes[$0]) << 4 | value(bytes[$0 + 1]) })
    }

    /// What the store keeps for one token.
    struct StoredToken: Codable, Sendable {
        var info: APITokenInfo
        var secretSHA256: String
    }

    static func decode(_ value: String) throws -> StoredToken {
        do {
            return try decoder.decode(StoredToken.self, from: Data(value.utf8))
        } catch {
            throw KeepsakeError(.database, "A stored API token cannot be read (\(error)); revoke it and make a new one.", remedy: .checkStore)
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()
}
