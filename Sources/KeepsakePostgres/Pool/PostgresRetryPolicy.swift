import Foundation

/// When and how often a failed transaction is run again: after serialization failures and deadlocks
/// always (the server rolled the work back), after a lost connection only where a fresh connection can
/// be had and the commit had not been sent; with exponential backoff and full jitter between attempts.
public struct PostgresRetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// The backoff before the second attempt; each later one doubles it, up to ``maxDelay``.
    public var initialDelay: Duration
    /// The longest backoff.
    public var maxDelay: Duration
    /// Whether a transaction that lost its connection before COMMIT was sent is run again (on a fresh
    /// connection; it cannot have been committed). Never after ``PostgresError/Kind-swift.struct/commitOutcomeUnknown``.
    public var retriesLostConnections: Bool

    /// Creates a policy.
    public init(maxAttempts: Int = 5, initialDelay: Duration = .milliseconds(20), maxDelay: Duration = .seconds(1),
                retriesLostConnections: Bool = true) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.retriesLostConnections = retriesLostConnections
    }

    /// Five attempts, 20 ms doubling to 1 s, lost connections retried.
    public static let `default` = PostgresRetryPolicy()
    /// One attempt: nothing is retried.
    public static let never = PostgresRetryPolicy(maxAttempts: 1)

    /// Whether `error`, thrown by attempt `attempt`, should be followed by another attempt.
    public func shouldRetry(_ error: PostgresError, afterAttempt attempt: Int) -> Bool {
        guard attempt < maxAttempts else { return false }
        if error.isRetryable || error.isStalePreparedStatement { return true }
        return retriesLostConnections && error.kind == .connectionLost
    }

    /// The pause before attempt `attempt` (2 or later): uniformly random between zero and the
    /// exponential backoff, so contending sessions do not retry in step.
    public func delay(beforeAttempt attempt: Int) -> Duration {
        let exponent = max(0, attempt - 2)
        let ceiling = min(maxDelay, initialDelay * (1 << min(exponent, 20)))
        let nanoseconds = ceiling.components.seconds * 1_000_000_000 + ceiling.components.attoseconds / 1_000_000_000
        return .nanoseconds(nanoseconds > 0 ? Int64.random(in: 0...nanoseconds) : 0)
    }

    /// Sleeps for ``delay(beforeAttempt:)``.
    func pause(beforeAttempt attempt: Int) {
        let delay = delay(beforeAttempt: attempt)
        let (seconds, attoseconds) = delay.components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
    }
}
