public import KeepsakeStore

/// A view model that reports a failure in `error` instead of throwing; ``errorMessage``, the same
/// failure as a sentence, is written once, here.
@MainActor
public protocol FailureReporting: AnyObject {
    /// The last failure, typed (its code decides how an edge answers); `nil` after a success.
    var error: KeepsakeError? { get set }
}

extension FailureReporting {
    /// The last failure as a sentence, derived from ``error``; setting it records a refused input
    /// (``KeepsakeError/Code/invalidArgument``) found before the store was asked.
    public var errorMessage: String? {
        get { error?.message }
        set { error = newValue.map { KeepsakeError(.invalidArgument, $0) } }
    }
}
