import Foundation
import KeepsakeSupport
import Synchronization

/// The cookie values a ``SessionSigner`` has already checked, so a browser that keeps its cookie
/// costs no HMAC on its next requests: a cookie's session is fixed by the cookie and the signer's
/// keys, so a result once verified stays right for as long as those keys do (this cache belongs to
/// one signer). Expiry and logouts are not cached: ``Sessions`` checks them on every request.
///
/// Entries are keyed by the cookie's signed part (everything before its signature); a hit still
/// compares the signature sent with the one verified, in constant time, so the secret-derived part
/// of a cookie is never compared any other way. At most ``capacity`` entries: a new one pushes an
/// arbitrary old one out (that cookie is simply verified again next time).
final class VerifiedCookies: Sendable {
    /// How many verified cookies are kept.
    let capacity: Int
    private let entries = Mutex<[Substring: (signature: Substring, session: Session)]>([:])

    /// An empty cache holding at most `capacity` cookies.
    init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
    }

    /// The session verified earlier for a cookie with this signed part and signature, if any.
    func session(signed: Substring, signature: Substring) -> Session? {
        guard let entry = entries.withLock({ $0[signed] }) else { return nil }
        return SecureBytes.constantTimeEquals(Array(entry.signature.utf8), Array(signature.utf8)) ? entry.session : nil
    }

    /// Remembers that the cookie `signed.signature` carries `session` (its signature checked).
    func remember(signed: Substring, signature: Substring, session: Session) {
        // Own copies, so an entry never keeps a request's whole header buffer alive.
        let key = Substring(String(signed)), value = (signature: Substring(String(signature)), session: session)
        entries.withLock { entries in
            if entries[key] == nil, entries.count >= capacity, let victim = entries.keys.first {
                entries[victim] = nil
            }
            entries[key] = value
        }
    }

    /// How many cookies are remembered now.
    var count: Int { entries.withLock { $0.count } }
}
