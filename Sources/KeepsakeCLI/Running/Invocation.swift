import Foundation
import KeepsakeStoreConfiguration
import KeepsakeImaging
import KeepsakeStore

/// One run of a command, besides its own typed options: the command as typed, the global options
/// and the context it runs in. A command's body prints through it, so its output goes wherever the
/// context says, and opens the store it names.
struct Invocation: Sendable {
    /// The command as typed (`diary add`), for messages.
    let title: String
    /// Where it writes, its time zone and environment.
    let context: CommandContext
    /// `--store`, `--metadata`, `--blobs` and `--json`, as given.
    let global: GlobalOptions

    /// Whether `--json` was given.
    var json: Bool { global.json }
    /// The user's time zone.
    var timeZone: TimeZone { context.timeZone }

    /// The text of a `--text`-like option given as `value`: `-` reads standard input.
    func text(_ value: String?) -> String? {
        guard let value else { return nil }
        return value == "-" ? String(decoding: context.io.readInput(), as: UTF8.self) : value
    }

    // MARK: - The store

    /// The store that `--store`, `--metadata` and `--blobs` or the environment (`KEEPSAKE_HOME`,
    /// `KEEPSAKE_METADATA_URL`, `KEEPSAKE_BLOBS_URL`) name.
    func storeConfiguration() throws -> StoreConfiguration {
        try StoreConfiguration.named(store: global.store, metadata: global.metadata, blobs: global.blobs,
                                     environment: context.environment)
    }

    /// Opens the store ``storeConfiguration()`` names, on whichever backends it names, storing the
    /// photos this command adds as its `encoding` switches ask (the store's default without them),
    /// acting as the account `--user` names (an unknown or disabled one is refused), else as the
    /// local operator.
    func openStore(_ encoding: EncodingFlags? = nil) throws -> Store {
        var options = StoreOptions()
        if let policy = encoding?.policy { options.encodingPolicy = policy }
        let store = try storeConfiguration().open(options: options, imageProcessor: VipsImageProcessor(), environment: context.environment)
        guard let login = global.user else { return store }
        return store.acting(as: .account(try AccountLookup.enabledAccount(login, in: store).id))
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
