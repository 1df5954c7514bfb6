import Foundation
import KeepsakeStore

extension UserCommand {
    /// `keepsake user add LOGIN`: a new account.
    struct Add: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "add", abstract: "Make an account (asks for its password, or --password-stdin).",
            discussion: """
                Makes the account LOGIN (1 to 32 of a-z, 0-9, '.', '_' and '-', starting with a letter or
                digit). Its password is asked twice at the terminal, or read from standard input with
                --password-stdin (one trailing line break is dropped); it needs at least 10 characters.
                The account's own diary, ledger and feed books are made when it first writes to them.
                """,
            examples: [
                #"keepsake user add ana --display-name "Ana Kim" --language ko --time-zone Asia/Seoul"#,
                "printf '%s' \"$PASSWORD\" | keepsake user add ben --admin --password-stdin",
            ])

        /// Its login name.
        @Argument(.login, hint: "the new account's login name") var login: LoginName
        /// The name shown for it.
        @Option("--display-name", .text("NAME"), help: "The name shown for it (default: the login name).") var displayName: String?
        /// Admin rights.
        @Flag("--admin", help: "It manages accounts (it reads no one else's books for that).") var admin: Bool
        /// Its pages' language.
        @Option("--language", .language, help: "The language of its pages (default: en).") var language: String?
        /// Its time zone.
        @Option("--time-zone", .timeZone, help: "Its time zone, such as Asia/Seoul (default: your TZ).") var timeZone: TimeZone?
        /// Where the password comes from.
        @Flag("--password-stdin", help: "Read the password from standard input instead of asking.") var passwordStdin: Bool

        /// Makes the account and prints it.
        func run(_ call: Invocation) async throws -> Int32 {
            let store = try call.openStore()
            let hash = try PasswordInput.newPasswordHash(for: login, fromStandardInput: passwordStdin, call)
            let draft = AccountDraft(login: login, displayName: displayName ?? login.description, language: language ?? "en",
                                     timeZone: (timeZone ?? call.timeZone).identifier, isAdmin: admin, passwordHash: hash)
            let account = AccountOutput(try store.createAccount(draft))
            try call.printResult(account) { call.print("Added the \(admin ? "admin " : "")account \(account.login) (id \(account.id)).") }
            return 0
        }
    }
}
