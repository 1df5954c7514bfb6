/// A value made of options and arguments read from a command line: a command's options
/// (``ParsableCommand``), a group several commands share (``EncodingFlags``), the global options
/// (``GlobalOptions``). Its ``Option``, ``Flag``, ``Argument`` and ``OptionGroup`` properties are at
/// once the declarations (help, usage line, parsing) and the typed storage; `init()` makes it,
/// outside a parse with its declarations only, inside one (``ParseScope``) with the values given.
protocol ParsableArguments: Sendable {
    /// Makes the value from its property declarations.
    init()
    /// For a shared group: the heading it is listed under in a command's help; `nil` lists its
    /// options among the command's own.
    static var heading: String? { get }
    /// Rules between its options, by key path (`.atMostOne([[\Self.$trash], [\Self.$month]])`):
    /// checked before the command runs, and shown in the usage line.
    static var rules: [OptionRule] { get }
    /// Checks what the declarations and rules cannot say (a range whose end is before its start);
    /// runs after every value was read, before the command runs.
    func validate() throws(UsageError)
}

extension ParsableArguments {
    /// None.
    static var heading: String? { nil }
    /// None.
    static var rules: [OptionRule] { [] }
    /// Nothing to check.
    func validate() throws(UsageError) {}

    /// The value with its declarations only, made outside any parse.
    static func describing() -> Self { ParseScope.$current.withValue(nil) { Self() } }
}
