import KeepsakePostgres
import KeepsakeStore

extension PostgresError {
    /// The engine's error for this failure: what happened in the store's words, with a remedy. The
    /// statement and the server's DETAIL (which can quote row values) stay out of it.
    func keepsakeError(location: String) -> KeepsakeError {
        let reason = (serverFields?.message ?? clientMessage ?? "\(kind)").trimmingCharacters(in: .whitespacesAndNewlines)
        // The SQLSTATE as a number when it is one (23505, 53100…), for logs.
        let code = sqlState.flatMap { Int32($0) }
        switch kind {
        case .commitOutcomeUnknown:
            return KeepsakeError(.database, "The connection to PostgreSQL (\(location)) was lost while the change was being committed, so whether it took effect is unknown; the store's journal decides: the operation is finished or undone by this instance's next operation or by recovery.",
                                 underlyingCode: code, remedy: .reloadAndRetry)
        case .connectionFailed:
            return KeepsakeError(.busy, "PostgreSQL (\(location)) cannot be reached or refused the connection (\(reason)); nothing was changed. Check that the server is running and the URL's host, port, user, password and database.",
                                 underlyingCode: code, remedy: .retryLater)
        case .connectionLost:
            return KeepsakeError(.busy, "The connection to PostgreSQL (\(location)) was lost (\(reason)) before the change was committed; nothing was changed.",
                                 underlyingCode: code, remedy: .retryLater)
        case .poolTimeout:
            return KeepsakeError(.busy, "Every connection of this instance to PostgreSQL (\(location)) stayed busy (\(reason)); nothing was changed.",
                                 underlyingCode: code, remedy: .retryLater)
        case .serializationFailure:
            return KeepsakeError(.busy, "PostgreSQL (\(location)) kept refusing the change because other instances changed the same rows at the same moment (\(reason)); nothing was changed.",
                                 underlyingCode: code, remedy: .retryLater)
        case .lockNotAvailable:
            return KeepsakeError(.busy, "Another instance held the same rows in PostgreSQL (\(location)) for longer than the busy timeout; nothing was changed.",
                                 underlyingCode: code, remedy: .retryLater)
        case .queryCanceled:
            return KeepsakeError(.busy, "PostgreSQL (\(location)) did not answer within the time limit, so the statement was canceled (\(reason)); nothing was changed.",
                                 underlyingCode: code, remedy: .retryLater)
        case .uniqueViolation:
            return KeepsakeError(.conflict, "The change conflicts with one made at the same moment by another instance (\(reason)); nothing was changed.",
                                 underlyingCode: code, remedy: .reloadAndRetry)
        case .foreignKeyViolation:
            return KeepsakeError(.conflict, "The change refers to something another instance removed meanwhile (\(reason)); nothing was changed.",
                                 underlyingCode: code, remedy: .reloadAndRetry)
        case .diskFull:
            return KeepsakeError(.diskFull, "The PostgreSQL server's disk is full (\(reason)); nothing was changed.", underlyingCode: code, remedy: .freeSpace)
        case .decoding:
            return KeepsakeError(.database, "PostgreSQL (\(location)) returned a value this store cannot read (\(reason)).", underlyingCode: code, remedy: .checkStore)
        case .invalidConfiguration:
            return KeepsakeError(.invalidArgument, "The PostgreSQL connection settings cannot be used (\(reason)).", underlyingCode: code)
        default:
            break
        }
        switch sqlState {
        case "25006":
            return KeepsakeError(.readOnly, "PostgreSQL (\(location)) accepts no changes (a read-only server or transaction: \(reason)); nothing was changed.", underlyingCode: code)
        case "42501":
            return KeepsakeError(.readOnly, "The PostgreSQL role may not do this in \(location) (\(reason)); nothing was changed. Grant it the rights on the store's schema.", underlyingCode: code)
        case "22021", "22P05":
            return KeepsakeError(.invalidArgument, "PostgreSQL cannot store this text (\(reason)): it holds a NUL character; nothing was changed.", underlyingCode: code)
        case "53200", "53300", "57P03":
            return KeepsakeError(.busy, "PostgreSQL (\(location)) is out of resources or starting up (\(reason)); nothing was changed.", underlyingCode: code, remedy: .retryLater)
        default:
            return KeepsakeError(.database, "PostgreSQL (\(location)) reported an error: \(reason)\(sqlState.map { " (SQLSTATE \($0))" } ?? "").", underlyingCode: code, remedy: .checkStore)
        }
    }
}

/// Runs `body`, turning a ``PostgresError`` into the engine's ``KeepsakeError``.
func mappingErrors<T>(location: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as PostgresError {
        throw error.keepsakeError(location: location)
    }
}
