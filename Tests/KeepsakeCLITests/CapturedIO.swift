import Foundation
import Synchronization
import KeepsakeCLI

/// Standard streams in memory, for running `keepsake` in-process: what a command writes to standard
/// output and standard error is kept, standard input is the text given.
final class CapturedIO: CommandIO {
    private let output = Mutex(Data())
    private let error = Mutex(Data())
    private let input: Data

    /// Streams whose standard input holds `stdin`.
    init(stdin: String? = nil) { input = Data((stdin ?? "").utf8) }

    func writeOutput(_ data: Data) { output.withLock { $0.append(data) } }
    func writeError(_ data: Data) { error.withLock { $0.append(data) } }
    func readInput() -> Data { input }
    var errorIsTerminal: Bool { false }

    /// Everything written to standard output.
    var stdout: String { String(decoding: output.withLock { $0 }, as: UTF8.self) }
    /// Everything written to standard error.
    var stderr: String { String(decoding: error.withLock { $0 }, as: UTF8.self) }
}
