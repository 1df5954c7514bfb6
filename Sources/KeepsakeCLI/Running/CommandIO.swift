public import Foundation

/// Where a command's output goes and where its input comes from: standard output (records, reports,
/// help), standard error (messages and progress), standard input (`--text -`, `ledger import -`).
/// The tool runs on ``StandardIO``; a test can run commands in-process on its own implementation
/// and compare exact output.
public protocol CommandIO: Sendable {
    /// Writes `data` to standard output, in order with everything written before.
    func writeOutput(_ data: Data)
    /// Writes `data` to standard error.
    func writeError(_ data: Data)
    /// Everything on standard input, read to its end.
    func readInput() -> Data
    /// Whether standard error is a terminal (progress is then a bar, else a line every 10 %).
    var errorIsTerminal: Bool { get }
    /// A line typed at the terminal after `prompt` (written to standard error), without its line
    /// break and, when `secret`, without echoing what is typed (a password); `nil` when standard input
    /// is not a terminal, so a command never waits for an answer nobody can give.
    func readTerminalLine(prompt: String, secret: Bool) -> String?
}

extension CommandIO {
    /// No terminal: streams in memory and pipes cannot be asked.
    public func readTerminalLine(prompt: String, secret: Bool) -> String? { nil }
}

/// The process's own standard output, error and input. Each write goes straight to its file
/// descriptor, so a line is out before the next operation starts (scripts read `keepsake serve`'s
/// address as soon as it is printed).
public struct StandardIO: CommandIO {
    /// The process's standard streams.
    public init() {}

    public func writeOutput(_ data: Data) { FileHandle.standardOutput.write(data) }
    public func writeError(_ data: Data) { FileHandle.standardError.write(data) }
    public func readInput() -> Data { FileHandle.standardInput.readDataToEndOfFile() }
    public var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Asks on the terminal of standard input; for a secret, echo is off until the line is read (and
    /// back on even when reading fails).
    public func readTerminalLine(prompt: String, secret: Bool) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        writeError(Data(prompt.utf8))
        var saved = termios()
        let hidden = secret && tcgetattr(STDIN_FILENO, &saved) == 0
        if hidden {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ECHONL)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer { if hidden { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) } }
        return Swift.readLine(strippingNewline: true)
    }
}
