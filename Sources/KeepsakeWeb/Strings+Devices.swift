extension Strings {
    /// The account page's heading of the installed app's devices.
    var devices: String { pick("Devices", "기기") }
    /// What a device is.
    var devicesExplanation: String {
        pick("Browsers where Keepsake keeps changes made offline get a key of their own to send them. Sign one out here if you lost it; it is signed out when it logs out too.",
             "오프라인에서 만든 변경을 보관하는 브라우저는 그것을 보내기 위한 자기만의 키를 받습니다. 잃어버린 기기는 여기서 로그아웃하세요. 그 기기에서 로그아웃해도 없어집니다.")
    }
    /// No device yet.
    var noDevices: String { pick("No device has a key.", "키를 가진 기기가 없습니다.") }
    /// The button that revokes a device's key.
    var signOutDevice: String { pick("Sign out", "로그아웃") }
    /// The outbox's badge and panel title.
    var outbox: String { pick("Outbox", "보낼 편지함") }
}
