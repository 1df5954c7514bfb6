public import Foundation
public import KeepsakeStore

/// Why a ``StoreMover`` stopped.
///
/// Every refusal that can be known before writing (a non-empty target, a record or setting the
/// target holds differently, source and target being one store) is thrown before anything is
/// written to the target. A failure in the middle (a damaged source object, a lost connection)
/// leaves the target with whole records only — each record is copied atomically — and the move
/// can be run again: it resumes.
public struct StoreMoveError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What went wrong; stable, suitable for `switch`.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The target holds records or settings and the move was not told it may add to them.
        case targetNotEmpty
        /// Source and target are one store (the same metadata and blob locations).
        case sameStore
        /// The target holds an unfinished move from another source.
        case unfinishedMoveFromAnotherSource
        /// The target has operations in flight of another instance that is still running.
        case targetInUse
        /// The source is itself the target of an unfinished move: it is not complete.
        case sourceIncomplete
        /// The target holds a record with a source record's id but other content.
        case recordConflict
        /// The target holds a setting of a copied namespace with another value.
        case settingConflict
        /// The target holds accounts or books that clash with the source's (a login taken by another
        /// account, an id held differently), and the move was not told the target need not be empty.
        case accessConflict
        /// A source object's bytes do not match the SHA-256 (or size) its record names.
        case damagedSource
        /// Reading the source failed (a missing object, a lost connection, …).
        case sourceFailed
        /// Writing to the target failed (its backend refused or failed).
        case targetFailed
        /// At the end, the two stores do not hold the same records and settings.
        case verificationFailed
        /// At the end, the target's fsck found problems.
        case targetCheckFailed
    }

    /// What went wrong.
    public let kind: Kind
    /// A sentence a person can act on.
    public let message: String
    /// The record concerned, if one is.
    public let recordID: RecordID?
    /// The object key (`attachments/…`) or setting (`namespace/key`) concerned, if one is.
    public let key: String?
    /// The backend's error behind a ``Kind/sourceFailed`` or ``Kind/targetFailed``, if any.
    public let underlying: KeepsakeError?

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, recordID: RecordID? = nil, key: String? = nil, underlying: KeepsakeError? = nil) {
        self.kind = kind
        self.message = message
        self.recordID = recordID
        self.key = key
        self.underlying = underlying
    }

    public var description: String { message }
    public var errorDescription: String? { message }

    /// The same failure as a ``KeepsakeStore/KeepsakeError``, for the edges that map codes to exit
    /// codes or statuses: a refusal is a `conflict` (`invalidArgument` for one store given twice or
    /// an incomplete source, `busy` for a target in use), damage is `corruptImage`, a failed check of
    /// the target `io`, a backend's failure keeps its backend's code. The message already says what
    /// to do, so no remedy is added.
    public var keepsakeError: KeepsakeError {
        let code: KeepsakeError.Code = switch kind {
        case .targetNotEmpty, .unfinishedMoveFromAnotherSource, .recordConflict, .settingConflict, .accessConflict, .verificationFailed: .conflict
        case .sameStore, .sourceIncomplete: .invalidArgument
        case .targetInUse: .busy
        case .damagedSource: .corruptImage
        case .targetCheckFailed: .io
        case .sourceFailed, .targetFailed: underlying?.code ?? .unexpected
        }
        return KeepsakeError(code, message, path: key ?? underlying?.path, underlyingCode: underlying?.underlyingCode)
    }
}
