import Foundation
import KeepsakeStore

/// Whether a transaction took money out (an expense) or brought money in (income).
///
/// Amounts are always positive; the kind gives the direction. Stored and exported as
/// `expense` / `income`.
public enum TransactionKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Money spent.
    case expense
    /// Money received.
    case income

    /// Parses `expense` or `income`, ignoring case and surrounding white space.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for anything else.
    public init(parsing text: String) throws {
        guard let kind = TransactionKind(rawValue: text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(text)) is not a transaction kind: use expense or income.")
        }
        self = kind
    }

    /// `expense` or `income`.
    public var description: String { rawValue }
}
