import Foundation
public import KeepsakeStore
import Synchronization

/// Runs `body` on `count` threads at once (each given its index) and waits for all; returns the
/// errors they threw, each as "index: error".
public func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) -> [String] {
    let errors = Mutex<[String]>([])
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            do { try body(index) } catch { errors.withLock { $0.append("\(index): \(error)") } }
            group.leave()
        }.start()
    }
    group.wait()
    return errors.withLock { $0 }
}

/// Runs `body` on `count` threads at once (each given its index) and waits for all; returns how
/// each ended, in the order they ended: `nil` for one that returned, the ``KeepsakeError`` code of
/// what it threw otherwise.
public func concurrentOutcomes(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) -> [KeepsakeError.Code?] {
    let outcomes = Mutex<[KeepsakeError.Code?]>([])
    let errors = concurrently(count) { index in
        do {
            try body(index)
            outcomes.withLock { $0.append(nil) }
        } catch {
            outcomes.withLock { $0.append(KeepsakeError.wrapping(error).code) }
        }
    }
    precondition(errors.isEmpty)
    return outcomes.withLock { $0 }
}
