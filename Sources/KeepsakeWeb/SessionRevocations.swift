import Foundation
import KeepsakeStore

/// The sessions ended by logging out, kept in the store's metadata store (namespace
/// `web.revocations`: one setting per ended session, its nonce → until when it stays refused, in
/// seconds since 1970), so a logout on one server ends the session on every server of the store,
/// whichever machine it runs on.
///
/// A cookie with a revoked nonce is refused until then, by which time every cookie carrying it has
/// expired anyway. A logout also removes the revocations that have expired, once there are enough
/// of them to be worth it. Each check of a logged-in request reads one setting by its key.
final class SessionRevocations: Sendable {
    /// The settings namespace.
    static let namespace = "web.revocations"
    /// Expired revocations tolerated before a logout removes them.
    static let expiredBeforeCleanUp = 64

    /// The store whose metadata store holds them.
    let store: Store

    /// The revocations of `store`.
    init(store: Store) {
        self.store = store
    }

    /// Whether the session named `nonce` was ended and its revocation has not expired at `now`.
    ///
    /// - Throws: ``WebError`` when the store cannot be read or the entry is damaged.
    func isRevoked(_ nonce: String, now: Date) throws(WebError) -> Bool {
        let value: String?
        do {
            value = try store.metadata.read { try $0.setting(nonce, in: Self.namespace) }
        } catch {
            throw Self.failure("cannot be read", error)
        }
        return try Self.isRevoked(nonce, until: value, now: now)
    }

    /// ``isRevoked(_:now:)`` read in the transaction of `reader` (one of the caller's).
    func isRevoked(_ nonce: String, in reader: any MetadataReader, now: Date) throws(WebError) -> Bool {
        let value: String?
        do {
            value = try reader.setting(nonce, in: Self.namespace)
        } catch {
            throw Self.failure("cannot be read", error)
        }
        return try Self.isRevoked(nonce, until: value, now: now)
    }

    /// Whether the revocation of `nonce` stored as `value` (`nil`: none) holds at `now`.
    private static func isRevoked(_ nonce: String, until value: String?, now: Date) throws(WebError) -> Bool {
        guard let value else { return false }
        guard let until = Int64(value) else { throw Self.damaged(nonce) }
        return until > SessionSigner.seconds(now)
    }

    /// Ends the session named `nonce` until `until` (seconds since 1970), for every server of the store.
    ///
    /// - Throws: ``WebError`` when the store cannot be written.
    func revoke(_ nonce: String, until: Int64, now: Date) throws(WebError) {
        let now = SessionSigner.seconds(now)
        do {
            try store.metadata.write { tx in
                let earlier = try tx.setting(nonce, in: Self.namespace).flatMap { Int64($0) } ?? 0
                try tx.setSetting(nonce, in: Self.namespace, to: String(max(earlier, until)))
                let all = try tx.settings(in: Self.namespace)
                let expired = all.filter { (Int64($0.value) ?? 0) <= now }.keys
                if expired.count >= Self.expiredBeforeCleanUp {
                    for key in expired { try tx.setSetting(key, in: Self.namespace, to: nil) }
                }
            }
        } catch {
            throw Self.failure("cannot be written", error)
        }
    }

    private static func failure(_ what: String, _ error: any Error) -> WebError {
        let reason = (error as? KeepsakeError)?.message ?? "\(error)"
        return WebError("The list of ended sessions (store setting \(namespace)) \(what): \(reason) Logins and logouts need it.")
    }

    private static func damaged(_ nonce: String) -> WebError {
        WebError("The ended session \(nonce) in the store's setting \(namespace) is damaged: its value must be seconds since 1970. "
                 + "Remove that setting (that session is let back in until its cookie expires).")
    }
}
