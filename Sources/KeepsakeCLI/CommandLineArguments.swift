import Foundation
import KeepsakeStore

/// A usage error: wrong flag, missing value, malformed argument. Exit code 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
}

/// The arguments of one command: flags with values, boolean switches and positionals, parsed by hand
/// (no outside packages). This is the only argument parser of the tool; every command uses it.
///
/// - `--flag value` and `--flag=value` set a value; a value flag may be repeated (``all(_:)``).
/// - `--switch` takes no value (`--switch=x` is a usage error).
/// - `--` ends the options: everything after it is a positional, even if it starts with `-`.
/// - `-` alone is a positional (standard input or output).
/// - `-h` is `--help`.
/// - A value flag followed by another known flag (`--title --json`) is missing its value; write
///   `--title=--json` for a value that looks like a flag.
/// - Unknown flags are usage errors.
struct CommandLineArguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var switches: Set<String> = []

    /// Parses `arguments`; `valueFlags` take a value (`--store DIR` or `--store=DIR`), `switchFlags` do not.
    init(_ arguments: [String], valueFlags: Set<String>, switchFlags: Set<String>) throws {
        func isKnownFlag(_ argument: String) -> Bool {
            if argument == "-h" || argument == "--" { return true }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            return valueFlags.contains(name) || switchFlags.contains(name)
        }
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
                if let inline {
                    values[name, default: []].append(inline)
                } else if let next = rest.first, !isKnownFlag(next) {
                    values[name, default: []].append(next)
                    rest.removeFirst()
                } else {
                    throw UsageError(description: "\(name) needs a value.")
                }
            } else {
                throw UsageError(description: "Unknown option \(name); see --help.")
            }
        }
    }

    /// Splits off the first word that is neither an option nor the value of one of `valueFlags`
    /// (`keepsake --store DIR diary add …` → `diary`, `--store DIR add …`). `nil` when there is none.
    static func splitCommand(_ arguments: [String], valueFlags: Set<String>) -> (command: String, rest: [String])? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                guard index + 1 < arguments.count else { return nil }
                return (arguments[index + 1], Array(arguments[..<index]) + ["--"] + Array(arguments[(index + 2)...]))
            }
            if argument.hasPrefix("-"), argument != "-" {
                index += valueFlags.contains(argument) ? 2 : 1
                continue
            }
            return (argument, Array(arguments[..<index] + arguments[(index + 1)...]))
        }
        return nil
    }

    /// The last value given for `flag`.
    func value(_ flag: String) -> String? { values[flag]?.last }
    /// Every value given for a repeatable flag, in order.
    func all(_ flag: String) -> [String] { values[flag] ?? [] }
    /// Whether a switch was given.
    func has(_ flag: String) -> Bool { switches.contains(flag) }
    /// Whether a value flag was given at all.
    func given(_ flag: String) -> Bool { values[flag] != nil }

    /// The whole number given for `flag`, checked against `range`; `nil` when the flag is absent.
    func integer(_ flag: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(flag) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(description: "\(flag) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \(KeepsakeError.quoted(text)).")
        }
        return number
    }

    /// The date given for `flag` (see ``DateText/parse(_:timeZone:)``); `nil` when absent.
    func date(_ flag: String, timeZone: TimeZone = .current) throws -> Date? {
        try value(flag).map { try DateText.parse($0, timeZone: timeZone) }
    }

    /// Checks that there are between `range` positionals; otherwise a usage error saying `usage`.
    func expectPositionals(_ range: ClosedRange<Int>, usage: String) throws {
        guard range.contains(positionals.count) else { throw UsageError(description: usage) }
    }
}
