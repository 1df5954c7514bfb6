/// One notification sent with `NOTIFY` or `pg_notify`.
public struct PostgresNotification: Sendable, Hashable {
    /// The channel it was sent on.
    public let channel: String
    /// Its payload (empty if none was given).
    public let payload: String
    /// The server process of the session that sent it.
    public let senderPID: Int32

    /// Creates a notification.
    public init(channel: String, payload: String, senderPID: Int32) {
        self.channel = channel
        self.payload = payload
        self.senderPID = senderPID
    }
}
