import Testing
import KeepsakePostgres
@testable import KeepsakePostgresStore
import KeepsakeStore

/// How PostgreSQL's failures reach the engine.
@Suite("PostgreSQL errors as KeepsakeError")
struct PostgresErrorMappingTests {
    static let cases: [(PostgresError, KeepsakeError.Code, KeepsakeError.Remedy?)] = [
        (PostgresError(.commitOutcomeUnknown, clientMessage: "server closed the connection"), .database, .reloadAndRetry),
        (PostgresError(.connectionFailed, clientMessage: "connection refused"), .busy, .retryLater),
        (PostgresError(.connectionLost, sqlState: "57P01", clientMessage: "terminating connection"), .busy, .retryLater),
        (PostgresError(.serializationFailure, sqlState: "40P01"), .busy, .retryLater),
        (PostgresError(.lockNotAvailable, sqlState: "55P03"), .busy, .retryLater),
        (PostgresError(.poolTimeout), .busy, .retryLater),
        (PostgresError(.uniqueViolation, sqlState: "23505"), .conflict, .reloadAndRetry),
        (PostgresError(.foreignKeyViolation, sqlState: "23503"), .conflict, .reloadAndRetry),
        (PostgresError(.diskFull, sqlState: "53100"), .diskFull, .freeSpace),
        (PostgresError(.other, sqlState: "25006"), .readOnly, nil),
        (PostgresError(.other, sqlState: "XX000"), .database, .checkStore),
    ]

    @Test("Each kind of failure becomes the code its edge acts on, with a remedy, saying where and never how to log in",
          arguments: 0..<cases.count)
    func mapping(_ index: Int) {
        let (postgres, code, remedy) = Self.cases[index]
        let error = postgres.keepsakeError(location: "postgresql://db:5432/keepsake?schema=home")
        #expect(error.code == code, "\(postgres) → \(error)")
        #expect(error.remedy == remedy, "\(postgres) → \(error)")
        #expect(error.message.contains("postgresql://db:5432/keepsake?schema=home") || code == .conflict || code == .diskFull, "\(error)")
        if postgres.kind == .commitOutcomeUnknown {
            #expect(error.message.contains("unknown") && error.message.contains("journal"))
        }
    }
}
