internal import Synchronization

/// The streamed bodies (``BodyPump``s) of one server whose response or producer is still alive,
/// so the server can count them and end them all when it stops (libmicrohttpd must not be stopped
/// while a connection is suspended waiting for a producer).
final class StreamRegistry: Sendable {
    private let state = Mutex((pumps: [ObjectIdentifier: BodyPump](), stopping: false))

    /// Keeps `pump` until it settles; `false` when the server is stopping (the body must not start).
    func add(_ pump: BodyPump) -> Bool {
        state.withLock { state in
            guard !state.stopping else { return false }
            state.pumps[ObjectIdentifier(pump)] = pump
            return true
        }
    }

    /// Forgets `pump`: its response is freed and its producer has returned.
    func remove(_ pump: BodyPump) {
        _ = state.withLock { $0.pumps.removeValue(forKey: ObjectIdentifier(pump)) }
    }

    /// How many bodies are being streamed or have a producer still running.
    var count: Int { state.withLock { $0.pumps.count } }

    /// Ends every body with an error and takes no more (the server is stopping).
    func abortAll() {
        let pumps = state.withLock { state -> [BodyPump] in
            state.stopping = true
            return Array(state.pumps.values)
        }
        for pump in pumps { pump.abort("the server is stopping") }
    }
}
