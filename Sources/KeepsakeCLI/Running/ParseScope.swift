import KeepsakeStore
import Synchronization

/// The words of one command line while a command's options value is made from them: each
/// ``Option``, ``Flag`` and ``Argument`` property reads its own words here as it is initialised,
/// with its own typed parser, so the value comes out typed with no lookup by name afterwards. A
/// malformed value cannot be thrown from a property's initialiser: the first failure of each kind
/// is kept and thrown by the parser (``Command/parse(_:_:path:context:)``) at the point the
/// checks of a command line put it.
final class ParseScope: Sendable {
    /// The scope of the parse running on this task, if any.
    @TaskLocal static var current: ParseScope?

    /// What a failure was reading.
    enum Kind: Sendable {
        /// A positional argument.
        case argument
        /// An option's value.
        case option
    }

    /// The words read against the command's declaration.
    private let words: Command.Words
    /// The positional words each argument takes, by placeholder.
    private let positionals: [String: [String]]
    /// The first failure of each kind.
    private let failures = Mutex<[Kind: any Error & Sendable]>([:])

    /// A scope over `words`, with the positional words already shared out to the arguments.
    init(words: Command.Words, positionals: [String: [String]]) {
        self.words = words
        self.positionals = positionals
    }

    /// Every value given for the option `name`, in order.
    func values(of name: String) -> [String] { words.values[name] ?? [] }
    /// The words given for the argument shown as `placeholder`.
    func positionals(of placeholder: String) -> [String] { positionals[placeholder] ?? [] }
    /// Whether the switch `name` was given.
    func isGiven(_ name: String) -> Bool { words.switches.contains(name) }

    /// Runs `work`, keeping its failure (the first of `kind`) for ``throwFailure(_:)``.
    func read<T>(_ kind: Kind, _ work: (ParseScope) throws -> T) -> T? {
        do {
            return try work(self)
        } catch {
            // The parsers throw usage errors (and the engine's errors); anything else is kept as the
            // tool would report it.
            let kept: any Error & Sendable = if let usage = error as? UsageError { usage } else { error as? KeepsakeError ?? KeepsakeError.wrapping(error) }
            failures.withLock { failures in
                if failures[kind] == nil { failures[kind] = kept }
            }
            return nil
        }
    }

    /// Throws the first failure of `kind`, if there was one.
    func throwFailure(_ kind: Kind) throws {
        if let failure = failures.withLock({ $0[kind] }) { throw failure }
    }
}
