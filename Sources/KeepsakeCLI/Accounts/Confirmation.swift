import Foundation

/// The question before a command that deletes for good (`user remove`, `book delete`): asked at the
/// terminal, answered `yes`; without a terminal the command needs `--yes`.
enum Confirmation {
    /// Returns when `yes` was given or the person typed `yes` after `question`; throws otherwise,
    /// before anything is changed.
    static func ask(_ question: String, unless yes: Bool, _ call: Invocation) throws {
        guard !yes else { return }
        guard let answer = call.context.io.readTerminalLine(prompt: question + " Type yes to go on: ", secret: false) else {
            throw UsageError(description: "\(call.title) deletes for good and there is no terminal to ask on; give --yes to go on.")
        }
        guard answer.trimmingCharacters(in: .whitespaces).lowercased() == "yes" else {
            throw CommandFailure(message: "Nothing was changed (the answer was not yes).")
        }
    }
}
