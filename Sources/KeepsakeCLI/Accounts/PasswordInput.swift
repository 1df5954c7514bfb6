import KeepsakeStore
import KeepsakeSupport

/// A new password from the command line, checked and hashed: `user add` and `user passwd` read it
/// from standard input (`--password-stdin`, one trailing line break dropped) or ask twice at the
/// terminal without echo, and refuse when there is no terminal to ask on. The password itself is
/// never printed, logged or kept: only its Argon2id hash leaves here.
enum PasswordInput {
    /// The hasher every stored password is made with.
    static let hasher: any PasswordHasher = Argon2idHasher()

    /// The hash of the new password for `login`, read as `fromStandardInput` says.
    static func newPasswordHash(for login: LoginName, fromStandardInput: Bool, _ call: Invocation) throws -> String {
        let password = try read(for: login, fromStandardInput: fromStandardInput, call)
        do {
            try PasswordPolicy.standard.check(password)
            return try hasher.hash(password)
        } catch let error as PasswordError {
            throw keepsakeError(error)
        }
    }

    /// `error` as the command line reports it: a refused password is an invalid argument.
    static func keepsakeError(_ error: PasswordError) -> KeepsakeError {
        switch error.kind {
        case .tooShort, .tooLong, .malformedHash: KeepsakeError(.invalidArgument, error.message + " Nothing was changed.")
        case .hashingFailed: KeepsakeError(.unexpected, error.message + " Nothing was changed.")
        }
    }

    private static func read(for login: LoginName, fromStandardInput: Bool, _ call: Invocation) throws -> String {
        let io = call.context.io
        if fromStandardInput {
            var scalars = String(decoding: io.readInput(), as: UTF8.self).unicodeScalars
            if scalars.last == "\n" { scalars.removeLast() }
            if scalars.last == "\r" { scalars.removeLast() }
            return String(scalars)
        }
        guard let first = io.readTerminalLine(prompt: "New password for \(login): ", secret: true) else {
            throw UsageError(description: "\(call.title) asks for the password at a terminal, and there is none; give it on standard input with --password-stdin.")
        }
        guard let second = io.readTerminalLine(prompt: "The same password again: ", secret: true), second == first else {
            throw CommandFailure(message: "The two passwords differ; nothing was changed.")
        }
        return first
    }
}
