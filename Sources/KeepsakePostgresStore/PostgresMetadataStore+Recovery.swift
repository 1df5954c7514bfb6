public import KeepsakeStore
import KeepsakePostgres

extension PostgresMetadataStore {
    /// The instances named in the journal or registered as open whose liveness lock can be taken:
    /// their sessions are gone, so they are dead. Each lock is taken on this instance's liveness
    /// session and held by the returned claim until it is finished or abandoned, so no other
    /// recoverer works on the same instance meanwhile. A live instance's lock cannot be taken: its
    /// intents and staging are left alone, even while it is frozen.
    public func claimDeadInstances() throws -> [any InstanceClaim] {
        try mappingErrors(location: location) {
            // One statement: one snapshot without a transaction around it.
            let owners = try pool.withConnection { connection in
                try connection.query("SELECT owner FROM intent WHERE owner <> $1 UNION SELECT id FROM instance WHERE id <> $1", [instanceID])
                    .map { try $0.decode(String.self, at: 0) }
            }
            var claims: [PostgresInstanceClaim] = []
            do {
                for owner in owners.sorted() {
                    let key = keys.instance(owner)
                    guard try liveness.session.tryLock(key) else { continue }
                    claims.append(PostgresInstanceClaim(owner: owner, key: key, liveness: liveness, pool: pool, location: location))
                }
            } catch {
                claims.forEach { $0.abandon() }
                throw error
            }
            return claims
        }
    }
}
