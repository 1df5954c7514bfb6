import Foundation
import KeepsakeStore
import Synchronization
import KeepsakeSupport

enum Termination: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    var description: String {
        switch self {
        case .exited(let code): "exit \(code)"
        case .signaled(let signal): "signal \(signal) (\(String(cString: strsignal(signal))))"
        }
    }
}

/// A child process started with posix_spawn; waited for with waitpid, never by a broad name.
final class Child: @unchecked Sendable {
    let pid: pid_t
    /// Read end of the child's standard output when `captureOutput` was asked for.
    let output: Int32?
    private let state = Mutex<Termination?>(nil)

    /// Starts `executable` with `arguments`. Standard output goes to `stdoutPath` (or a pipe with
    /// `captureOutput`, or /dev/null); standard error to `stderrPath` or /dev/null.
    init(_ executable: URL, _ arguments: [String], stdoutPath: String? = nil, stderrPath: String? = nil, captureOutput: Bool = false,
         environment: [String: String]? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var pipeEnds: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&pipeEnds) == 0 else { throw KeepsakeError.posix(errno, operation: "create a pipe", path: "-") }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, stdoutPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        let argv = ([executable.path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var env: [UnsafeMutablePointer<CChar>?] = []
        if let environment {
            env = environment.map { strdup("\($0.key)=\($0.value)") }
        }
        defer { env.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = (argv + [nil]).withUnsafeBufferPointer { args in
            if environment != nil {
                return (env + [nil]).withUnsafeBufferPointer { envp in
                    posix_spawn(&pid, executable.path, &actions, nil, args.baseAddress!, envp.baseAddress!)
                }
            }
            return posix_spawn(&pid, executable.path, &actions, nil, args.baseAddress!, environ)
        }
        if captureOutput { close(pipeEnds[1]) }
        guard rc == 0 else {
            if captureOutput { close(pipeEnds[0]) }
            throw KeepsakeError.posix(rc, operation: "start", path: executable.path)
        }
        self.pid = pid
        output = captureOutput ? pipeEnds[0] : nil
    }

    deinit {
        if let output { close(output) }
    }

    /// Sends `signal` if the child has not been reaped yet. Returns whether it was sent.
    @discardableResult
    func signal(_ signal: Int32) -> Bool {
        state.withLock { reaped in reaped == nil ? kill(pid, signal) == 0 : false }
    }

    private static func decode(_ status: Int32) -> Termination {
        // WIFEXITED / WEXITSTATUS / WTERMSIG by hand (they are macros).
        let signal = status & 0x7F
        if signal == 0 { return .exited((status >> 8) & 0xFF) }
        return .signaled(signal)
    }

    /// Reaps the child if it has ended; `nil` if it is still running.
    func poll() -> Termination? {
        state.withLock { reaped in
            if let reaped { return reaped }
            var status: Int32 = 0
            let rc = waitpid(pid, &status, WNOHANG)
            guard rc == pid else { return nil }
            reaped = Self.decode(status)
            return reaped
        }
    }

    /// Waits for the child to end.
    func wait() -> Termination {
        while true {
            if let done = poll() { return done }
            usleep(2_000)
        }
    }

    /// Waits at most `seconds`; kills it (SIGKILL) if it is still running then.
    func wait(timeout seconds: Double) -> (Termination, timedOut: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let done = poll() { return (done, false) }
            usleep(5_000)
        }
        signal(SIGKILL)
        return (wait(), true)
    }

    /// Reads everything the child writes to its captured output until it closes it.
    func readAllOutput() -> String {
        guard let output else { return "" }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(output, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Runs a command to the end and returns its status and output.
func run(_ executable: URL, _ arguments: [String], timeout: Double = 120) throws -> (Termination, String) {
    let child = try Child(executable, arguments, captureOutput: true)
    let result = Mutex("")
    let reader = Thread { result.withLock { $0 = child.readAllOutput() } }
    reader.start()
    let (status, _) = child.wait(timeout: timeout)
    while !reader.isFinished { usleep(1000) }
    return (status, result.withLock { $0 })
}
