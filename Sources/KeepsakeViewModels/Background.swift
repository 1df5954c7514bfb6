import Foundation
import KeepsakeStore

/// Runs blocking store work (SQLite, libvips) off the main actor, so view models stay responsive.
func background<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await Task.detached(priority: .userInitiated) { try work() }.value
}

/// The sentence a screen shows for an error.
func userMessage(_ error: any Error) -> String {
    if let error = error as? KeepsakeError { return error.message }
    return "Something went wrong: \(error)"
}
