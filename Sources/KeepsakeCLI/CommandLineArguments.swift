/// A usage error: wrong flag, missing value. Exit code 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
}

/// The arguments of one command: flags with values, boolean switches and positionals, parsed by hand
/// (no outside packages). Unknown flags are usage errors.
struct CommandLineArguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var switches: Set<String> = []

    /// Parses `arguments`; `valueFlags` take a value (`--store DIR` or `--store=DIR`), `switchFlags` do not.
    init(_ arguments: [String], valueFlags: Set<String>, switchFlags: Set<String>) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                positionals += rest
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            if switchFlags.contains(name) {
                guard inline == nil else { throw UsageError(description: "\(name) takes no value.") }
                switches.insert(name)
            } else if valueFlags.contains(name) {
                guard let value = inline ?? rest.popFirst() else { throw UsageError(description: "\(name) needs a value.") }
                values[name, default: []].append(value)
            } else {
                throw UsageError(description: "Unknown option \(name); see --help.")
            }
        }
    }

    /// The last value given for `flag`.
    func value(_ flag: String) -> String? { values[flag]?.last }
    /// Every value given for a repeatable flag.
    func all(_ flag: String) -> [String] { values[flag] ?? [] }
    /// Whether a switch was given.
    func has(_ flag: String) -> Bool { switches.contains(flag) }
}
