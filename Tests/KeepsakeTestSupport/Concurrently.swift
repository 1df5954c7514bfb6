import Foundation
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
