import Foundation
import KeepsakeStore
import Synchronization

/// Runs two independent parts of one photo's work at the same time, so that a photo processed on
/// its own (the last photo of a record, a single upload) still uses both cores.
///
/// The second part runs on a thread of its own, started for it: a photo takes tens of milliseconds
/// and a thread costs tens of microseconds, and a private thread can never be starved the way a
/// shared Dispatch pool can when every one of its threads is waiting (the engine may itself call
/// the processor from pool threads).
enum TwoThreads {
    /// Runs `first` on the calling thread and `second` on a new thread; returns both outcomes once
    /// both have finished (neither outcome is thrown, so the caller decides which failure counts).
    static func run<A, B: Sendable>(_ first: () throws(KeepsakeError) -> A,
                                    _ second: @escaping @Sendable () throws(KeepsakeError) -> B)
        -> (Result<A, KeepsakeError>, Result<B, KeepsakeError>) {
        let box = Outcome<B>()
        let thread = Thread {
            let result = Result { () throws(KeepsakeError) -> B in try second() }
            box.finish(result)
        }
        thread.stackSize = 8 << 20  // as the main thread's: libheif and libvips recurse a little
        thread.start()
        let firstResult = Result { () throws(KeepsakeError) -> A in try first() }
        return (firstResult, box.wait())
    }

    /// The second part's result, handed from its thread to the caller.
    private final class Outcome<B: Sendable>: Sendable {
        private let state = Mutex<Result<B, KeepsakeError>?>(nil)
        private let done = DispatchSemaphore(value: 0)

        func finish(_ result: Result<B, KeepsakeError>) {
            state.withLock { $0 = result }
            done.signal()
        }

        func wait() -> Result<B, KeepsakeError> {
            done.wait()
            return state.withLock { $0! }
        }
    }
}

/// A libvips image handed to a second thread for reading.
///
/// `@unchecked Sendable` because `VipsImage` is a plain class: libvips images are immutable once
/// made and may be read from several threads at once (each read computes its own region), and the
/// wrapper's only state is the reference it releases when the last holder lets go.
struct SharedVipsImage: @unchecked Sendable {
    let image: VipsImage
}

extension Data {
    /// `withUnsafeBytes` for a body that throws only ``KeepsakeError`` (Foundation's version
    /// rethrows untyped errors).
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) throws(KeepsakeError) -> T) throws(KeepsakeError) -> T {
        let result: Result<T, KeepsakeError> = withUnsafeBytes { raw in
            Result { () throws(KeepsakeError) -> T in try body(raw) }
        }
        return try result.get()
    }
}
