import Foundation

/// Waits until `condition` holds, checking it every 10 ms for at most `timeout`; returns whether it
/// did (the last check is made at the deadline). Blocks the calling thread: for synchronous tests.
public func eventually(timeout: Duration = .seconds(10), _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return try condition()
}

/// Waits until `condition` holds, as ``eventually(timeout:_:)`` does, from asynchronous code: it
/// sleeps between checks without holding a thread of the cooperative pool.
public func eventually(timeout: Duration = .seconds(10), _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
}
