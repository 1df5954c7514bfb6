public import KeepsakeStore

/// Runs `body` and returns the ``KeepsakeStore/KeepsakeError`` it throws, or `nil` if it throws
/// nothing. An error of another type comes back as an `.io` error naming it, so a test expecting a
/// code fails with the real error in its message.
public func keepsakeError(_ body: () throws -> Void) -> KeepsakeError? {
    do {
        try body()
        return nil
    } catch let error as KeepsakeError {
        return error
    } catch {
        return KeepsakeError(.io, "unexpected error type \(type(of: error)): \(error)")
    }
}
