import KeepsakeStore

/// `keepsake user add|list|passwd|disable|enable|remove|quota|invite|invitations|uninvite`: the accounts of a store (admins and the
/// local operator manage them; an account may read itself and change its own password).
enum UserCommand {
    /// The `user` group.
    static let command = Command(
        group: "user", abstract: "Accounts: who may log in, and what is theirs (admins manage them).", section: KeepsakeCommand.storeCommands,
        discussion: """
            Accounts are the people of a store. Each has a login name, a display name, a language
            (en or ko) and a time zone; an admin manages the accounts, and nobody reads another's books
            unless they are shared (keepsake book share). Passwords are stored as Argon2id hashes, never
            as typed; they need at least 10 characters. Without --user these commands run as the local
            operator, who may do everything; with --user LOGIN they run with that account's rights.
            An invitation (user invite) is a one-time link with which a person makes their own account
            on the web app.
            """,
        subcommands: [Command(Add.self), Command(List.self), Command(Passwd.self), Command(Disable.self), Command(Enable.self),
                      Command(Remove.self), Command(Quota.self), Command(Invite.self), Command(Invitations.self), Command(Uninvite.self)],
        examples: [
            #"keepsake user add ana --display-name "Ana Kim" --language ko --time-zone Asia/Seoul"#,
            "printf '%s' \"$PASSWORD\" | keepsake user passwd ana --password-stdin",
            "keepsake user list",
            "keepsake user quota ana 2GB",
            "keepsake user remove ana --heir admin --yes",
            "keepsake user invite --url https://keepsake.example.org",
        ])

    /// The `LOGIN` argument's hint.
    static let loginHint = "a login name, as user list shows them"

    /// Changes `login`'s account by `change` and prints it after `done` (`Disabled ana.`).
    @MainActor
    static func update(_ login: LoginName, _ change: AccountChange, done: String, _ call: Invocation) throws -> Int32 {
        let store = try call.openStore()
        let account = try AccountLookup.account(login, in: store)
        let updated = AccountOutput(try store.updateAccount(account.id, change))
        try call.printResult(updated) { call.print(done) }
        return 0
    }
}
