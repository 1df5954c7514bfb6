internal import CPostgres

extension PostgresConnection {
    /// One round of watching an idle session: waits (outside the lock) for the socket to turn
    /// readable or for `checkInterval`, then reads what arrived or sends `SELECT 1`. Throws when the
    /// connection is lost; returns `false` when `wake` was signalled.
    func watchIdle(checkInterval: Duration, wake: WakeEvent) throws -> Bool {
        guard let socket = state.withLock({ $0.failure == nil ? $0.handle?.socket : nil }) else {
            try state.withLock { state in _ = try usableHandle(&state) }
            return false
        }
        switch SocketWait.wait(socket, until: .now + checkInterval, wake: wake.descriptor) {
        case .woken:
            return false
        case .timedOut:
            try query("SELECT 1")
        case .ready:
            // Data on an idle session is the server's goodbye (FATAL, then end of file), a notice, or the
            // tail of a statement another thread is running; only the first ends the session.
            if !checkIdleConnection() {
                try state.withLock { state in _ = try usableHandle(&state) }
            }
            // Do not spin while another thread's statement leaves the socket readable.
            _ = wake.sleep(.milliseconds(5))
        }
        return true
    }
}
