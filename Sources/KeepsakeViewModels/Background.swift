import Dispatch
import Foundation
import KeepsakeStore

/// Runs blocking store work (SQLite, libvips, fsync) on a Dispatch thread and awaits it; view
/// models, the CLI and the web app use it for every blocking call.
///
/// Not on Swift's cooperative pool: that pool has one thread per core, and blocking them all with
/// I/O would stall every other task in the process (a web request's, a change stream's).
public func background<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(with: Result { try work() })
        }
    }
}

/// The typed failure a screen holds for an error.
func failure(_ error: any Error) -> KeepsakeError {
    KeepsakeError.wrapping(error)
}
