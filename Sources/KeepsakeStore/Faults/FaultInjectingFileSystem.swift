public import Foundation
import Synchronization

/// Wraps a real file system and makes the k-th mutating call fail with a chosen `errno`.
///
/// For tests and the torture suite: run an operation with `failAt = 1, 2, 3, ...` until it
/// succeeds, and after each failure check that the store is exactly as before. Calls are counted
/// across all methods of ``FileSystem``; ``callCount`` tells how many an operation made.
public final class FaultInjectingFileSystem: FileSystem {
    private struct State {
        var calls = 0
        var failAt: Int?
        var errnoValue: Int32 = EIO
        var failEveryCallAfter = false
        var log: [String] = []
    }

    private let base: any FileSystem
    private let state = Mutex(State())

    /// Wraps `base` (the real file system by default); no fault is armed.
    public init(base: any FileSystem = PosixFileSystem()) {
        self.base = base
    }

    /// Arms a fault: call number `call` (1-based, counted from now) fails with `errnoValue`.
    /// With `persistent`, every later call fails too (a disk that stays broken).
    public func arm(failAt call: Int, errno errnoValue: Int32 = EIO, persistent: Bool = false) {
        state.withLock {
            $0.calls = 0
            $0.failAt = call
            $0.errnoValue = errnoValue
            $0.failEveryCallAfter = persistent
            $0.log = []
        }
    }

    /// Disarms any fault and resets the counter.
    public func disarm() {
        state.withLock {
            $0.calls = 0
            $0.failAt = nil
            $0.failEveryCallAfter = false
            $0.log = []
        }
    }

    /// Mutating calls made since the last ``arm(failAt:errno:persistent:)`` or ``disarm()``.
    public var callCount: Int { state.withLock { $0.calls } }

    /// The calls made since the last arm/disarm, as "operation path" strings (for test messages).
    public var callLog: [String] { state.withLock { $0.log } }

    private func check(_ operation: String, _ path: String) throws {
        let failure: Int32? = state.withLock { state in
            state.calls += 1
            state.log.append("\(operation) \(path)")
            guard let failAt = state.failAt else { return nil }
            if state.calls == failAt || (state.failEveryCallAfter && state.calls > failAt) {
                return state.errnoValue
            }
            return nil
        }
        if let failure { throw KeepsakeError.posix(failure, operation: "\(operation) (injected fault)", path: path) }
    }

    public func makeDirectory(_ path: String) throws { try check("mkdir", path); try base.makeDirectory(path) }
    public func writeNewFile(_ path: String, data: Data) throws {
        try check("write", path)
        try base.writeNewFile(path, data: data)
        // The fsync inside writeNewFile is a call of its own: a failure here leaves no file behind,
        // as the real implementation does when fsync fails.
        do { try check("fsync", path) } catch {
            try? base.removeFile(path)
            throw error
        }
    }
    public func syncDirectory(_ path: String) throws { try check("fsyncdir", path); try base.syncDirectory(path) }
    public func link(_ source: String, to destination: String) throws { try check("link", destination); try base.link(source, to: destination) }
    public func rename(_ source: String, to destination: String) throws { try check("rename", source); try base.rename(source, to: destination) }
    public func removeFile(_ path: String) throws { try check("unlink", path); try base.removeFile(path) }
    public func removeDirectory(_ path: String) throws { try check("rmdir", path); try base.removeDirectory(path) }
}
