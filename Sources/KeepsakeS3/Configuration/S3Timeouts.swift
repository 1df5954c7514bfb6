/// The limits that keep a dead, stalled or overloaded server from hanging a request.
public struct S3Timeouts: Sendable, Hashable {
    /// Longest wait for the TCP (and TLS) connection.
    public var connect: Duration
    /// A transfer slower than ``lowSpeedBytesPerSecond`` for this long is abandoned: this is what
    /// catches a server that accepted the request and then stopped answering (a radosgw whose OSD is
    /// gone hangs instead of failing). Whole seconds, at least one.
    public var stall: Duration
    /// The speed below which a transfer counts as stalled.
    public var lowSpeedBytesPerSecond: Int
    /// Longest time for one attempt of a request, whatever its speed; `nil` for none (the stall limit
    /// still applies).
    public var total: Duration?

    /// Creates limits.
    public init(connect: Duration = .seconds(5), stall: Duration = .seconds(15), lowSpeedBytesPerSecond: Int = 1,
                total: Duration? = .seconds(300)) {
        self.connect = connect
        self.stall = stall
        self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
        self.total = total
    }
}
