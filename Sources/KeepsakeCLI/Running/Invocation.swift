import Foundation
import KeepsakeBackends
import KeepsakeImaging
import KeepsakeStore

/// One run of a command: the values its declaration read from the command line, typed, and the
/// context it runs in. A command's body reads its options and arguments here (`call[limit]`,
/// `call.all(tag)`, `call[trash]`, `try call.required(id)`) and prints through it, so its output
/// goes wherever the context says.
struct Invocation: Sendable {
    /// The command as typed (`diary add`), for messages.
    let title: String
    /// Where it writes, its time zone and environment.
    let context: CommandContext
    let values: [String: [any Sendable]]
    let switches: Set<String>
    let arguments: [String: [any Sendable]]

    // MARK: - Values

    /// The value of `option` (the last one given), `nil` when it was not given.
    subscript<Value>(_ option: Option<Value>) -> Value? { values[option.name]?.last as? Value }
    /// Every value given for a repeatable `option`, in order.
    func all<Value>(_ option: Option<Value>) -> [Value] { values[option.name]?.compactMap { $0 as? Value } ?? [] }
    /// Whether the switch `flag` was given.
    subscript(_ flag: Flag) -> Bool { switches.contains(flag.name) }
    /// Whether `option` was given at all.
    func given(_ option: any OptionDeclaration) -> Bool { values[option.name] != nil || switches.contains(option.name) }
    /// The value of a required `option` (checked before the body runs).
    func required<Value>(_ option: Option<Value>) throws -> Value {
        guard let value = self[option] else { throw UsageError(description: "\(title) needs \(option.synopsis); see keepsake \(title) --help.") }
        return value
    }

    /// The value of `argument` (the first, for one that takes several), `nil` when it was not given.
    subscript<Value>(_ argument: Argument<Value>) -> Value? { all(argument).first }
    /// Every value of `argument`, in order.
    func all<Value>(_ argument: Argument<Value>) -> [Value] { arguments[argument.placeholder]?.compactMap { $0 as? Value } ?? [] }
    /// The value of an argument that must be there (checked before the body runs).
    func required<Value>(_ argument: Argument<Value>) throws -> Value {
        guard let value = self[argument] else { throw UsageError(description: "\(title) needs one \(argument.placeholder); see keepsake \(title) --help.") }
        return value
    }

    /// Whether `--json` was given.
    var json: Bool { switches.contains(GlobalOptions.json.name) }
    /// The user's time zone.
    var timeZone: TimeZone { context.timeZone }

    /// The text of a `--text`-like option: `-` reads standard input.
    func text(_ option: Option<String>) -> String? {
        guard let value = self[option] else { return nil }
        return value == "-" ? String(decoding: context.io.readInput(), as: UTF8.self) : value
    }

    // MARK: - The store

    /// The store that `--store`, `--metadata` and `--blobs` or the environment (`KEEPSAKE_HOME`,
    /// `KEEPSAKE_METADATA_URL`, `KEEPSAKE_BLOBS_URL`) name.
    func storeConfiguration() throws -> StoreConfiguration {
        try StoreConfiguration.named(store: self[GlobalOptions.store], metadata: self[GlobalOptions.metadata], blobs: self[GlobalOptions.blobs],
                                     environment: context.environment)
    }

    /// Opens the store ``storeConfiguration()`` names, on whichever backends it names, storing the
    /// photos this command adds as its ``EncodingFlags`` ask (the store's default without them).
    func openStore() throws -> Store {
        var options = StoreOptions()
        if let policy = EncodingFlags.policy(self) { options.encodingPolicy = policy }
        return try storeConfiguration().open(options: options, imageProcessor: VipsImageProcessor(), environment: context.environment)
    }

    // MARK: - Output

    /// Writes `text` and a line break to standard output.
    func print(_ text: String = "") { context.print(text) }

    /// Writes `data` to standard output as it is.
    func write(_ data: Data) { context.io.writeOutput(data) }

    /// Writes a line to standard error (notes such as `keepsake serve`'s log).
    func printNote(_ text: String) { context.io.writeError(Data((text + "\n").utf8)) }

    /// Prints `value` as JSON: pretty-printed, keys sorted, dates as ISO 8601 in the user's time zone.
    func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let zone = timeZone
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(DateText.format(date, timeZone: zone))
        }
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Prints `value` as JSON with `--json`, else as `text` prints it.
    func printResult<T: Encodable>(_ value: T, text: () -> Void) throws {
        if json { try printJSON(value) } else { text() }
    }

    /// Progress of long work on standard error, under `label`.
    func progress(_ label: String) -> Progress { Progress(label: label, io: context.io) }

    /// Runs `work`, which reports its progress to the closure it is given, with progress on standard
    /// error under `label`; the progress line is ended afterwards, whether `work` succeeds or not.
    func withProgress<T>(_ label: String, _ work: (_ update: @escaping @Sendable (_ done: Int, _ total: Int) -> Void) throws -> T) rethrows -> T {
        let progress = progress(label)
        defer { progress.finish() }
        return try work { progress.update($0, $1) }
    }
}
