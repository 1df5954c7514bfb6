import Foundation

/// How often a request is tried again after a failure that may pass (HTTP 500, 502, 503, 504,
/// `SlowDown`, `RequestTimeout`, a reset or timed-out connection): exponential backoff with full
/// jitter, only for requests that are safe to repeat (every request this client sends is: reads,
/// deletes, and writes made safe by `If-None-Match: *`).
public struct S3RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// The backoff ceiling before the second attempt; it doubles for each later one.
    public var initialDelay: Duration
    /// The largest backoff ceiling.
    public var maxDelay: Duration

    /// Creates a policy.
    public init(maxAttempts: Int = 4, initialDelay: Duration = .milliseconds(100), maxDelay: Duration = .seconds(5)) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
    }

    /// Four attempts, 100 ms doubling up to 5 s.
    public static let `default` = S3RetryPolicy()
    /// One attempt.
    public static let never = S3RetryPolicy(maxAttempts: 1)

    /// The pause before attempt `attempt` (2 or later): uniformly random up to the backoff ceiling.
    public func delay(beforeAttempt attempt: Int) -> Duration {
        let ceiling = min(maxDelay, initialDelay * (1 << min(max(0, attempt - 2), 20)))
        let nanoseconds = ceiling.components.seconds * 1_000_000_000 + ceiling.components.attoseconds / 1_000_000_000
        return .nanoseconds(nanoseconds > 0 ? Int64.random(in: 0...nanoseconds) : 0)
    }

    func pause(beforeAttempt attempt: Int) {
        let (seconds, attoseconds) = delay(beforeAttempt: attempt).components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
    }
}
