/// A dead instance held for recovery: nobody else recovers it while the claim is held.
public protocol InstanceClaim: Sendable {
    /// The dead instance's token.
    var owner: String { get }
    /// Declares the instance recovered (its intents finished, its staging removed) and lets it go.
    func finish() throws
    /// Lets it go without declaring it recovered (after a failure; another recoverer will retry).
    func abandon()
}
