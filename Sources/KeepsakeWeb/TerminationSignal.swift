import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waiting for the signals that stop a server: `SIGINT` (Ctrl-C) and `SIGTERM`.
public enum TerminationSignal {
    /// Suspends until the process receives `SIGINT` or `SIGTERM` and returns that signal's number.
    /// While waiting, those signals no longer end the process by themselves: the caller stops the
    /// server cleanly and exits.
    public static func wait() async -> Int32 {
        let waiter = Waiter()
        return await withCheckedContinuation { continuation in
            waiter.start(continuation)
        }
    }

    /// The dispatch sources watching the signals, kept alive until one arrives.
    ///
    /// `@unchecked Sendable`: its two properties are only touched under `lock`.
    private final class Waiter: @unchecked Sendable {
        private let lock = NSLock()
        private var sources: [any DispatchSourceSignal] = []
        private var continuation: CheckedContinuation<Int32, Never>?

        func start(_ continuation: CheckedContinuation<Int32, Never>) {
            lock.withLock {
                self.continuation = continuation
                for number in [SIGINT, SIGTERM] {
                    signal(number, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                    source.setEventHandler { [self] in self.finish(number) }
                    source.resume()
                    sources.append(source)
                }
            }
        }

        private func finish(_ number: Int32) {
            let continuation = lock.withLock { () -> CheckedContinuation<Int32, Never>? in
                defer {
                    self.continuation = nil
                    for source in sources { source.cancel() }
                    sources = []
                }
                return self.continuation
            }
            continuation?.resume(returning: number)
        }
    }
}
