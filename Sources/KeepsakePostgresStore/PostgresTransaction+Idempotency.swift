import Foundation
import KeepsakePostgres
import KeepsakeStore

extension PostgresTransaction {
    static let idempotencyColumns = "scope, key, fingerprint, target, lease_until, response, created_at, expires_at"

    func idempotencyRecord(scope: String, key: String) throws -> IdempotencyRecord? {
        try connection.query("SELECT \(Self.idempotencyColumns) FROM idempotency WHERE scope = $1 AND key = $2", [scope, key]).first.map { row in
            IdempotencyRecord(scope: try row.decode(String.self, at: 0), key: try row.decode(String.self, at: 1),
                              fingerprint: try row.decode(String.self, at: 2), target: try row.decode(String?.self, at: 3),
                              leaseUntil: try row.decode(Double.self, at: 4), response: try row.decode(Data?.self, at: 5).map { [UInt8]($0) },
                              createdAt: try row.decode(Double.self, at: 6), expiresAt: try row.decode(Double.self, at: 7))
        }
    }

    func insertIdempotencyRecord(_ record: IdempotencyRecord) throws -> Bool {
        try connection.execute("""
            INSERT INTO idempotency (\(Self.idempotencyColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            ON CONFLICT (scope, key) DO NOTHING
            """, Self.parameters(record)) == 1
    }

    func updateIdempotencyRecord(_ record: IdempotencyRecord) throws {
        _ = try connection.execute("""
            UPDATE idempotency SET fingerprint = $3, target = $4, lease_until = $5, response = $6, created_at = $7, expires_at = $8
            WHERE scope = $1 AND key = $2
            """, Self.parameters(record))
    }

    func deleteIdempotencyRecords(expiredBefore cutoff: Double, limit: Int) throws -> Int {
        try connection.execute("""
            DELETE FROM idempotency WHERE (scope, key) IN (SELECT scope, key FROM idempotency WHERE expires_at < $1 LIMIT $2::int4)
            """, [cutoff, limit])
    }

    private static func parameters(_ record: IdempotencyRecord) -> [any PostgresEncodable] {
        [record.scope, record.key, record.fingerprint, record.target, record.leaseUntil, record.response.map { Data($0) },
         record.createdAt, record.expiresAt]
    }
}
