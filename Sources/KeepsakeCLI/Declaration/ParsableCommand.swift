/// A command that runs: its options as a value (``ParsableArguments``), its help
/// (``configuration``) and its body, a named function of the typed values. ``Command/init(_:)``
/// makes the command's declaration from the type; every run parses a fresh value, checks it
/// (``ParsableArguments/validate()``) and calls ``run(_:)`` on it.
///
/// ```swift
/// struct Hello: ParsableCommand {
///     static let configuration = CommandConfiguration("hello", abstract: "Say hello.", discussion: "Says hello to NAME.",
///                                                     examples: ["keepsake hello Ana --loud"])
///     @Argument(.text("NAME"), hint: "who to greet") var name: String
///     @Flag("--loud", help: "Shout it.") var loud: Bool
///
///     func run(_ call: Invocation) async throws -> Int32 {
///         call.print("Hello, \(name)" + (loud ? "!" : "."))
///         return 0
///     }
/// }
/// ```
protocol ParsableCommand: ParsableArguments {
    /// Its name and help.
    static var configuration: CommandConfiguration { get }
    /// Does what the command does with the values read, printing through `call`, and returns the
    /// exit code. It runs on the main actor, where the view models live.
    @MainActor func run(_ call: Invocation) async throws -> Int32
}
