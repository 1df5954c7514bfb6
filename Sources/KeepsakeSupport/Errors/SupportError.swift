/// An error of a module that sits below the engine (KeepsakeSupport has no `KeepsakeError`): a
/// kind to switch on and one message a person can act on. The layers above turn it into their own
/// error type. Each use names its kinds: ``PasswordError``, ``TLSIdentityError``.
public struct SupportError<Kind: Sendable & Hashable>: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of refusal or failure.
    public let kind: Kind
    /// What is wrong and what to do, in a sentence or two.
    public let message: String

    /// An error of `kind` with `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
