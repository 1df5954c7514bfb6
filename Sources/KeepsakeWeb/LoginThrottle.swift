import Foundation
import Synchronization

/// Slows down password guessing: at most ``maxFailures`` wrong passwords per ``window`` for the
/// whole server (whoever sends them); beyond that the login page answers 429 until the window
/// has passed.
final class LoginThrottle: Sendable {
    /// Wrong passwords allowed per window.
    let maxFailures: Int
    /// The window, in seconds.
    let window: TimeInterval
    private let failures = Mutex<[Date]>([])

    init(maxFailures: Int = 10, window: TimeInterval = 60) {
        self.maxFailures = maxFailures
        self.window = window
    }

    /// Whether another attempt may be checked now.
    func allowsAttempt(now: Date = Date()) -> Bool {
        failures.withLock { list in
            list.removeAll { now.timeIntervalSince($0) > window }
            return list.count < maxFailures
        }
    }

    /// Counts a wrong password.
    func recordFailure(now: Date = Date()) {
        failures.withLock { $0.append(now) }
    }
}
