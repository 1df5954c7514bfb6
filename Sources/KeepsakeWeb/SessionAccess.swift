import KeepsakeStore

/// What the image path reads for a logged-in session in one transaction (``WebApp/immediateAnswer(to:)``):
/// what its account may do, the account, and whether the session was logged out. Kept by
/// ``WebApp/sessionAccess`` while nothing commits to the store: logging out, a password change, a
/// disabled account and a removed membership are all commits, so each takes effect at the next
/// request. Whether a logout still holds depends on the time too, but only from held to lifted, and
/// it is lifted only when every cookie of that session has expired: an answer kept as "logged out"
/// refuses a cookie that is refused anyway, and "not logged out" is only ever ended by a commit.
struct SessionAccess: Sendable {
    /// A session: its account and nonce.
    struct Key: Hashable, Sendable {
        let account: AccountID
        let nonce: String
    }

    /// The caller's access and account, and the store's change sequence.
    let access: AccessAtLastChange
    /// Whether the session's nonce was logged out (``SessionRevocations``).
    let isRevoked: Bool
}
