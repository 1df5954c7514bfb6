import Foundation
import Synchronization

/// The sessions of one running server, in memory (a restart logs everyone out, which is fine for
/// a local app). Thread-safe: requests arrive on many connection threads.
final class SessionStore: Sendable {
    /// Most sessions kept; the least recently used is dropped beyond it.
    let capacity: Int
    /// Sessions unused for longer than this are forgotten.
    let idleLifetime: TimeInterval
    private let sessions = Mutex<[String: Session]>([:])

    init(capacity: Int = 1_000, idleLifetime: TimeInterval = 12 * 3600) {
        self.capacity = capacity
        self.idleLifetime = idleLifetime
    }

    /// The live session with this id (and marks it used), or `nil`.
    func session(id: String?, now: Date = Date()) -> Session? {
        guard let id, id.utf8.count == 64 else { return nil }
        return sessions.withLock { all -> Session? in
            guard var session = all[id] else { return nil }
            guard now.timeIntervalSince(session.lastSeen) <= idleLifetime else {
                all[id] = nil
                return nil
            }
            session.lastSeen = now
            all[id] = session
            return session
        }
    }

    /// A new session.
    func create(authenticated: Bool, now: Date = Date()) -> Session {
        let session = Session(id: Session.randomToken(), csrfToken: Session.randomToken(),
                              isAuthenticated: authenticated, lastSeen: now)
        sessions.withLock { all in
            if all.count >= capacity {
                let expired = all.filter { now.timeIntervalSince($0.value.lastSeen) > idleLifetime }.map(\.key)
                for key in expired { all[key] = nil }
                // A flood of anonymous requests must not log out the people who gave the password:
                // the oldest session that has not logged in goes first.
                let anonymous = all.filter { !$0.value.isAuthenticated }
                let candidates = anonymous.isEmpty ? all : anonymous
                if all.count >= capacity, let oldest = candidates.min(by: { $0.value.lastSeen < $1.value.lastSeen })?.key {
                    all[oldest] = nil
                }
            }
            all[session.id] = session
        }
        return session
    }

    /// Ends `id`.
    func remove(id: String) {
        _ = sessions.withLock { $0.removeValue(forKey: id) }
    }

    /// How many sessions are kept (for tests).
    var count: Int { sessions.withLock { $0.count } }
}
