internal import Foundation
internal import Synchronization

/// The connections open from each client address across all of a server's daemons, and the limit
/// on them (``HTTPServer/Configuration/maxConnectionsPerAddress``).
///
/// On Linux each polling thread is a daemon of its own (see ``HTTPServer``), and libmicrohttpd's
/// per-address limit counts one daemon's connections only; this count is the server's. A
/// connection over the limit is shut down as soon as it is accepted (`shutdown(2)`: libmicrohttpd
/// then sees it end and closes it itself, as the ``ConnectionWatchdog`` does), so an address never
/// holds more than the limit, however the kernel spreads its connections.
final class ConnectionsPerAddress: Sendable {
    /// Most connections open at once from one address; 0 means no limit.
    let limit: Int
    private let table = Mutex((open: [String: Int](), addressOf: [UInt: String]()))

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// A connection was accepted: counts it, and shuts its socket down when its address is over
    /// the limit.
    func opened(_ connection: OpaquePointer, socket: Int32) {
        guard limit > 0 else { return }
        let address = clientAddress(of: connection) ?? ""
        let over = table.withLock { table -> Bool in
            table.addressOf[UInt(bitPattern: connection)] = address
            let count = table.open[address, default: 0] + 1
            table.open[address] = count
            return count > limit
        }
        if over { shutdown(socket, Int32(SHUT_RDWR)) }
    }

    /// A connection is about to be closed.
    func closed(_ connection: OpaquePointer) {
        guard limit > 0 else { return }
        table.withLock { table in
            guard let address = table.addressOf.removeValue(forKey: UInt(bitPattern: connection)) else { return }
            let count = table.open[address, default: 1] - 1
            table.open[address] = count > 0 ? count : nil
        }
    }
}
