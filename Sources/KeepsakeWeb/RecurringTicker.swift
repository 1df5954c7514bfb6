import Dispatch
import Foundation
import KeepsakeLedger
import KeepsakeStore
import Synchronization

/// Makes the ledger's due recurring transactions (``KeepsakeLedger/Ledger/createDueOccurrences(through:)``)
/// when a ``WebServer`` starts, before it answers, and then every few seconds for as long as it
/// runs. It acts as the local operator over every ledger book's rules, making each rule's transactions
/// in the name of the rule's author (docs/LEDGER.md). Today is the day of the configuration's
/// clock in the server's time zone. A failure is logged and tried again at the next tick; several
/// servers on one store make each occurrence once.
final class RecurringTicker: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)

    /// Makes what is due now, then starts ticking every `seconds` (> 0).
    init(store: Store, seconds: Int, clock: @escaping @Sendable () -> Date, log: (@Sendable (String) -> Void)?) {
        Self.tick(store, seconds: seconds, clock: clock, log: log)
        let thread = Thread { [weak self] in
            while let ticker = self, !ticker.stopped.load(ordering: .acquiring) {
                let wake = ticker.wake
                _ = wake.wait(timeout: .now() + .seconds(seconds))
                guard self?.stopped.load(ordering: .acquiring) == false else { return }
                Self.tick(store, seconds: seconds, clock: clock, log: log)
            }
        }
        thread.name = "keepsake-recurring"
        thread.start()
    }

    /// Makes the occurrences due through today, logging what could not be made.
    static func tick(_ store: Store, seconds: Int, clock: @Sendable () -> Date, log: (@Sendable (String) -> Void)?) {
        do {
            let run = try Ledger(store: store).createDueOccurrences(through: CalendarDay(containing: clock()))
            run.failures.forEach { log?($0) }
        } catch {
            log?("making the due recurring transactions failed (tried again in \(seconds) s): \(error)")
        }
    }

    /// Stops the ticks (one running now finishes first).
    func stop() {
        stopped.store(true, ordering: .releasing)
        wake.signal()
    }

    deinit { stop() }
}
