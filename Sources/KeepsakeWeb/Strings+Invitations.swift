import Foundation

/// The words of the invitation pages (the People page's invitations and `/invite/<secret>`), in
/// English and Korean.
extension Strings {
    var invitations: String { pick("Invitations", "초대") }
    var invitationsExplanation: String {
        pick("An invitation is a one-time link: whoever opens it makes one account, before it expires. The link is shown once.",
             "초대는 한 번만 쓰는 링크입니다. 링크를 연 사람이 기한 안에 계정 하나를 만듭니다. 링크는 한 번만 보여 줍니다.")
    }
    var noOpenInvitations: String { pick("No open invitations.", "열려 있는 초대가 없습니다.") }
    var inviteSomeone: String { pick("Invite someone", "초대하기") }
    var invitationDays: String { pick("Days until it expires", "만료까지 일수") }
    var invitationMakesAdmin: String { pick("The new account is an admin", "새 계정을 관리자로 만들기") }
    var invitationLinkOnce: String {
        pick("Send this link to the person you invite. It is shown only now, works once, and expires on the date shown.",
             "초대할 사람에게 이 링크를 보내세요. 지금만 보이며, 한 번만 쓸 수 있고, 표시된 날짜에 만료됩니다.")
    }
    var revoke: String { pick("Revoke", "취소") }
    var expires: String { pick("Expires", "만료") }
    var madeBy: String { pick("Made by", "만든 사람") }
    var theOperator: String { pick("the operator", "운영자") }
    var invitationTitle: String { pick("Make your account", "계정 만들기") }
    var invitationWelcome: String {
        pick("You were invited to this Keepsake. Choose your login name and password.",
             "이 Keepsake에 초대받았습니다. 로그인 이름과 비밀번호를 정하세요.")
    }
    var makeMyAccount: String { pick("Make my account", "계정 만들기") }
    var invitationUnknownTitle: String { pick("Unknown invitation", "알 수 없는 초대") }
    var invitationUnknown: String {
        pick("This invitation link is not known: it may be mistyped, or it was revoked. Ask for a new one.",
             "알 수 없는 초대 링크입니다. 잘못 입력했거나 취소된 링크입니다. 새 초대를 요청하세요.")
    }
    var invitationGoneTitle: String { pick("Invitation no longer valid", "더 이상 쓸 수 없는 초대") }
    func invitationUsed(_ date: String) -> String {
        pick("This invitation was already used on \(date); each one makes one account. Ask for a new one.",
             "이 초대는 \(date)에 이미 사용되었습니다. 초대 하나로 계정 하나만 만들 수 있습니다. 새 초대를 요청하세요.")
    }
    func invitationExpired(_ date: String) -> String {
        pick("This invitation expired on \(date). Ask for a new one.", "이 초대는 \(date)에 만료되었습니다. 새 초대를 요청하세요.")
    }
    var invitationDaysRefused: String { pick("Choose between 1 and 365 days.", "1일에서 365일 사이로 정하세요.") }
}
