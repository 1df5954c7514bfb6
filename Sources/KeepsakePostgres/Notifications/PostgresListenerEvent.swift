/// What a ``PostgresListener`` reports.
public enum PostgresListenerEvent: Sendable {
    /// `LISTEN` is in force on every channel. With `reconnected`, the listener had lost its connection
    /// and made a new one: notifications sent in between were missed, so read what changed (the change
    /// log) instead of trusting the notifications alone.
    case listening(reconnected: Bool)
    /// A notification arrived.
    case notification(PostgresNotification)
    /// The listening connection was lost; the listener keeps trying to connect again and reports
    /// ``listening(reconnected:)`` when it has.
    case connectionLost(PostgresError)
}
