public import Foundation

/// One bound parameter as it goes to the server: NULL, text the server parses as the type it infers
/// from the statement, or bytes in a type's binary format.
public struct PostgresParameter: Sendable, Hashable {
    enum Storage: Sendable, Hashable {
        case null
        case text(String)
        case binary(Data, PostgresTypeOID)
    }
    let storage: Storage

    /// SQL NULL.
    public static let null = PostgresParameter(storage: .null)
    /// Text the server reads as the parameter's inferred type (`42`, `t`, an ISO date, a UUID…).
    public static func text(_ text: String) -> PostgresParameter { PostgresParameter(storage: .text(text)) }
    /// Bytes in the binary format of `type` (`bytea`: the bytes themselves).
    public static func binary(_ bytes: Data, type: PostgresTypeOID) -> PostgresParameter {
        PostgresParameter(storage: .binary(bytes, type))
    }

    /// The type told to the server when the statement is prepared (unspecified for text, so the
    /// server infers it).
    var typeOID: PostgresTypeOID {
        if case .binary(_, let type) = storage { return type }
        return .unspecified
    }
}
