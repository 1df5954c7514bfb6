/// A usage error: an unknown command, action or option, a missing option value or argument, or an
/// argument that cannot be read at all. Nothing was done; the exit code is 2 (docs/CLI.md).
struct UsageError: Error, CustomStringConvertible {
    /// One sentence saying what is wrong and where to look.
    let description: String
}
