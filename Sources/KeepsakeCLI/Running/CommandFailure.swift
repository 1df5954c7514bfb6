/// A command that could not do what was asked, for a reason the user can act on (an error message
/// from a view model, a refused input). Exit code 1; `details` are printed after the sentence.
struct CommandFailure: Error, CustomStringConvertible {
    /// One sentence saying what went wrong and what to do.
    let message: String
    /// Further lines (for example the bad rows of a CSV file), printed indented after the message.
    var details: [String] = []

    var description: String { message }
}
