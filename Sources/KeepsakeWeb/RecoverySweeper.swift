import Dispatch
import Foundation
import KeepsakeStore
import Synchronization

/// Recovers, every few seconds, the unfinished operations of other instances of the store that
/// died (``KeepsakeStore/Store/recoverDeadInstances()``), for as long as a ``WebServer`` runs. A
/// failure is logged and tried again at the next sweep; the store is left as it was. The sweeping
/// thread holds the store (a value over the opened store) until it ends, when the server stops.
final class RecoverySweeper: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)

    /// Starts sweeping `store` every `seconds` (> 0).
    init(store: Store, seconds: Int, log: (@Sendable (String) -> Void)?) {
        let thread = Thread { [weak self] in
            while let sweeper = self, !sweeper.stopped.load(ordering: .acquiring) {
                let wake = sweeper.wake
                _ = wake.wait(timeout: .now() + .seconds(seconds))
                guard self?.stopped.load(ordering: .acquiring) == false else { return }
                do {
                    let completed = try store.recoverDeadInstances()
                    if completed > 0 { log?("recovered \(completed) unfinished operations of instances that died") }
                } catch {
                    log?("recovering the operations of instances that died failed (tried again in \(seconds) s): \(error)")
                }
            }
        }
        thread.name = "keepsake-recovery"
        thread.start()
    }

    /// Stops the sweeps (one running now finishes first).
    func stop() {
        stopped.store(true, ordering: .releasing)
        wake.signal()
    }

    deinit { stop() }
}
