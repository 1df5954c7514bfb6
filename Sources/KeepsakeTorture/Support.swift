import Foundation
import KeepsakeStore
import Synchronization
import KeepsakeSupport

/// Short text for an error: the Keepsake code and message, or the type.
func describe(_ error: any Error) -> String {
    if let error = error as? KeepsakeError { return "\(error.code.rawValue): \(error.message)" }
    return "untyped \(type(of: error)): \(error)"
}

/// The current time in seconds, monotonic.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Prints a progress line at once (standard output is a pipe under `make torture`).
func say(_ text: String) {
    print(text)
    fflush(nil)
}
