internal import CPostgres
import Foundation

extension PostgresConnection {
    /// Runs `LISTEN` on each channel and keeps the notifications that arrive from then on.
    func listen(on channels: [String]) throws {
        state.withLock { $0.keepsNotifications = true }
        try executeScript(channels.map { "LISTEN " + PostgresConnection.quoted(identifier: $0) }.joined(separator: "; "))
    }

    /// Waits for notifications on a connection that has run `LISTEN`: returns those that arrived, or
    /// `nil` when `wake` was signalled. After `heartbeat` of silence it runs `SELECT 1`, so a server
    /// that vanished without closing the socket is found out; a lost connection throws.
    func awaitNotifications(heartbeat: Duration, wake: WakeEvent) throws -> [PostgresNotification]? {
        guard let socket = state.withLock({ $0.handle?.socket }) else {
            return try state.withLock { state in _ = try usableHandle(&state); return [] }
        }
        // Wait outside the lock (poll only reads the descriptor), then read inside it.
        switch SocketWait.wait(socket, until: .now + heartbeat, wake: wake.descriptor) {
        case .woken:
            return nil
        case .timedOut:
            try query("SELECT 1")
            return try state.withLock { state in try takeNotifications(&state) }
        case .ready:
            return try state.withLock { state in
                let handle = try usableHandle(&state)
                if PQconsumeInput(handle.pointer) == 0 || handle.isBad {
                    let error = PostgresError(.connectionLost, clientMessage: handle.errorMessage, server: configuration.serverDescription)
                    markLost(&state, error)
                    throw error
                }
                return try takeNotifications(&state)
            }
        }
    }

    /// The notifications libpq has queued.
    private func takeNotifications(_ state: inout State) throws -> [PostgresNotification] {
        let handle = try usableHandle(&state)
        var notifications: [PostgresNotification] = []
        while let notification = PQnotifies(handle.pointer) {
            notifications.append(PostgresNotification(channel: String(cString: notification.pointee.relname),
                                                      payload: String(cString: notification.pointee.extra),
                                                      senderPID: notification.pointee.be_pid))
            PQfreemem(notification)
        }
        return notifications
    }
}
