import Foundation
import Synchronization

/// Slows down password guessing one key at a time, never for everyone. The web app keeps two:
/// one whose keys are source addresses and one whose keys are login names (``WebApp/throttle``,
/// ``WebApp/nameThrottle``), so guessing one person's password from many addresses is slowed too.
/// Below, "address" stands for either key. An address may get ``freeFailures`` passwords wrong; after that, each further wrong one makes it wait
/// twice as long as the last before it may try again (1 s, 2 s, 4 s, … at most ``maxDelay``).
/// Meanwhile its attempts are answered 429 without being checked, and other addresses, the
/// owner's among them, log in as usual. The right password clears the address's record; a record
/// is forgotten ``forgetAfter`` after its last wrong password.
///
/// At most ``capacity`` addresses are remembered; beyond that the one quiet for longest goes.
/// Behind a proxy every request has the proxy's address, so the throttle then applies to all
/// clients together.
final class LoginThrottle: Sendable {
    /// Wrong passwords an address may send before it has to wait.
    let freeFailures: Int
    /// The first wait, in seconds; each further wrong password doubles it.
    let firstDelay: TimeInterval
    /// The longest wait, in seconds.
    let maxDelay: TimeInterval
    /// Seconds after its last wrong password that an address's record is dropped.
    let forgetAfter: TimeInterval
    /// Most addresses remembered.
    let capacity: Int

    private struct Record {
        var failures: Int
        var lastFailure: Date
        var blockedUntil: Date
    }

    private let records = Mutex<[String: Record]>([:])

    init(freeFailures: Int = 5, firstDelay: TimeInterval = 1, maxDelay: TimeInterval = 15 * 60,
         forgetAfter: TimeInterval = 3600, capacity: Int = 10_000) {
        self.freeFailures = freeFailures
        self.firstDelay = firstDelay
        self.maxDelay = maxDelay
        self.forgetAfter = forgetAfter
        self.capacity = capacity
    }

    /// How many seconds `address` must still wait before its next attempt is checked; `nil` when
    /// it may try now.
    func waitTime(for address: String, now: Date = Date()) -> TimeInterval? {
        records.withLock { all -> TimeInterval? in
            guard let record = all[address] else { return nil }
            if now.timeIntervalSince(record.lastFailure) > forgetAfter {
                all[address] = nil
                return nil
            }
            let wait = record.blockedUntil.timeIntervalSince(now)
            return wait > 0 ? wait : nil
        }
    }

    /// Counts a wrong password from `address`.
    func recordFailure(from address: String, now: Date = Date()) {
        records.withLock { all in
            var record = all[address] ?? Record(failures: 0, lastFailure: now, blockedUntil: now)
            if now.timeIntervalSince(record.lastFailure) > forgetAfter { record.failures = 0 }
            record.failures += 1
            record.lastFailure = now
            let over = record.failures - freeFailures
            if over >= 0 {
                record.blockedUntil = now.addingTimeInterval(min(maxDelay, firstDelay * pow(2, Double(min(over, 40)))))
            }
            if all[address] == nil, all.count >= capacity,
               let quietest = all.min(by: { $0.value.lastFailure < $1.value.lastFailure })?.key {
                all[quietest] = nil
            }
            all[address] = record
        }
    }

    /// The right password came from `address`: its record goes.
    func recordSuccess(from address: String) {
        _ = records.withLock { $0.removeValue(forKey: address) }
    }
}
