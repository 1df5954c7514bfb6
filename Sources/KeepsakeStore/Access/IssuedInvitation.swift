/// A new invitation with its secret, as ``Store/createInvitation(expiresIn:admin:)`` returns it:
/// the only time the secret is seen (the store keeps its SHA-256 alone), so the caller shows or
/// sends it now.
public struct IssuedInvitation: Sendable, Hashable {
    /// The invitation.
    public var invitation: Invitation
    /// Its secret: 32 random bytes in base64url without padding (43 characters), the last part of
    /// the link `…/invite/<secret>`.
    public var secret: String

    /// Creates the pair.
    public init(invitation: Invitation, secret: String) {
        self.invitation = invitation
        self.secret = secret
    }

    /// The link to hand out: `base` (such as `https://keepsake.example`, with or without a trailing
    /// slash) followed by `/invite/<secret>`.
    public func link(base: String) -> String {
        (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/invite/" + secret
    }
}
