public import Foundation

/// What a command runs with, besides its arguments: where it writes and reads (``CommandIO``), the
/// time zone it shows and reads dates in, and the environment it finds the store and the password
/// in. The tool runs with ``standard``; tests pass their own, so a run in-process is the same run
/// as the binary's, in a fixed time zone.
public struct CommandContext: Sendable {
    /// Standard output, error and input.
    public var io: any CommandIO
    /// The user's time zone: dates are shown in it and read in it (`TZ` for the tool).
    public var timeZone: TimeZone
    /// The environment (`KEEPSAKE_HOME`, `HOME`, `XDG_DATA_HOME`, `XDG_CACHE_HOME`, `KEEPSAKE_PASSWORD`).
    public var environment: [String: String]

    /// A context of your own.
    public init(io: any CommandIO, timeZone: TimeZone, environment: [String: String]) {
        self.io = io
        self.timeZone = timeZone
        self.environment = environment
    }

    /// The process's standard streams, time zone and environment.
    public static var standard: CommandContext {
        CommandContext(io: StandardIO(), timeZone: .current, environment: ProcessInfo.processInfo.environment)
    }

    /// Writes `text` and a line break to standard output.
    func print(_ text: String) { io.writeOutput(Data((text + "\n").utf8)) }

    /// Writes `keepsake: <message>` to standard error on one line (a server's message that spans
    /// lines, such as libpq's, is joined with spaces), then each detail line indented.
    func printError(_ message: String, details: [String] = []) {
        let line = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        var text = "keepsake: \(line)\n"
        for line in details { text += "  \(line)\n" }
        io.writeError(Data(text.utf8))
    }
}
