import Foundation
import KeepsakeStore

/// An invitation as the invitation commands print it (text or `--json`): never its secret, which
/// only `user invite` prints, once, as the link.
struct InvitationOutput: Encodable {
    let id: String
    let isAdmin: Bool
    let madeBy: String?
    let madeAt: Date
    let expiresAt: Date
    let usedAt: Date?
    let usedBy: String?
    /// `open`, `used` or `expired`.
    let state: String
    /// The link, only when the invitation was just made.
    let link: String?

    /// The output of `invitation` at `now`: the accounts it names by login where `logins` has them
    /// (an account removed since keeps its id), with `link` when it was just made.
    init(_ invitation: Invitation, now: Date, logins: [AccountID: String], link: String? = nil) {
        id = invitation.id.string
        isAdmin = invitation.isAdmin
        madeBy = invitation.madeBy.map { logins[$0] ?? $0.string }
        madeAt = invitation.madeAt
        expiresAt = invitation.expiresAt
        usedAt = invitation.usedAt
        usedBy = invitation.usedBy.map { logins[$0] ?? $0.string }
        state = invitation.isUsed ? "used" : invitation.isExpired(at: now) ? "expired" : "open"
        self.link = link
    }

    /// One line: id, state and when, what the account will be, and who made it.
    func line(timeZone: TimeZone) -> String {
        let when = switch state {
        case "used": "used \(usedAt.map { DateText.format($0, timeZone: timeZone) } ?? "") by \(usedBy ?? "?")"
        case "expired": "expired \(DateText.format(expiresAt, timeZone: timeZone))"
        default: "open until \(DateText.format(expiresAt, timeZone: timeZone))"
        }
        return "\(id)  \(CommandSupport.pad(isAdmin ? "admin" : "member", to: 7)) \(CommandSupport.pad(when, to: 52)) made by \(madeBy ?? "the operator")"
    }
}
