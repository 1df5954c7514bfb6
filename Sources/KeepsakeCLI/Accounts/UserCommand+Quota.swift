import KeepsakeStore

extension UserCommand {
    /// `keepsake user quota LOGIN SIZE|none`.
    struct Quota: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "quota", abstract: "Set how many bytes of photos an account may store (admins).",
            discussion: """
                Sets the storage quota of the account LOGIN: the most bytes of photo originals it may
                add (thumbnails do not count; photos in its trash count until the trash is emptied;
                photos added by the local operator count for nobody). SIZE is like 500MB or 2GB
                (decimal units; 1.5GiB for binary ones); none removes the quota. An upload that would
                go over it is refused whole, naming the quota and the usage; what is stored already
                stays, even above a lowered quota. user list shows each account's usage and quota.
                """,
            examples: ["keepsake user quota ana 2GB", "keepsake user quota ana none"])

        /// The account.
        @Argument(.login, hint: UserCommand.loginHint) var login: LoginName
        /// The quota.
        @Argument(.quota, hint: "a size such as 500MB or 2GB, or none") var size: Int64?

        /// Sets it and says so.
        @MainActor func run(_ call: Invocation) async throws -> Int32 {
            let done = size.map { "Set the quota of \(login) to \(StorageSize.describe($0)) (\($0) bytes)." } ?? "Removed the quota of \(login)."
            return try UserCommand.update(login, AccountChange(quota: .some(size)), done: done, call)
        }
    }
}
