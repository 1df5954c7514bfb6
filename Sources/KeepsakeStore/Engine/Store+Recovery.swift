import Foundation

extension Store {
    /// Finishes or rolls back the intents of store instances that are no longer running.
    ///
    /// Reads only the journal and the metadata store's liveness (for SQLite, the `locks/` folder);
    /// it never lists the blob store. Each dead instance is held by a claim while its intents are
    /// claimed one by one (so a recoverer that dies midway leaves them to the next) and finished; a
    /// live instance's intents and staging are left alone. Returns the number of intents completed.
    @discardableResult
    func recoverDeadOwners() throws -> Int {
        var completed = 0
        for claim in try metadata.claimDeadInstances() {
            do {
                // Its staging first: once its intents are claimed, nothing would name it any more.
                try blobs.discardStaging(of: claim.owner)
                let intents = try metadata.read(as: .localOperator) { try $0.intents(ownedBy: claim.owner) }
                for intent in intents {
                    core.inFlight.withLock { _ = $0.insert(intent) }
                    defer { core.inFlight.withLock { _ = $0.remove(intent) } }
                    guard try metadata.write(as: .localOperator, { try $0.claimIntent(intent, from: claim.owner, to: instanceID) }) else { continue }
                    try finishIntent(intent)
                    completed += 1
                }
                try claim.finish()
            } catch let error as KeepsakeError where error.code == .diskFull {
                // No room to write the claim or finish an intent: the store still opens (so that
                // space can be freed), the dead instance's intents stay journalled, and the next
                // open or fsck with room recovers them.
                claim.abandon()
                return completed
            } catch {
                claim.abandon()
                throw error
            }
        }
        return completed
    }

    /// Recovers the interrupted operations of instances that died since this one opened (opening a
    /// store and fsck do this too): each dead instance's pending operations are rolled back and its
    /// committed ones finished, exactly as at opening. A long-running server calls it now and then,
    /// so a peer that dies on another machine does not leave its unfinished work until the next
    /// restart. Returns how many operations were completed.
    @discardableResult
    public func recoverDeadInstances() throws -> Int {
        try recoverDeadOwners()
    }

    /// Number of operations recorded in the journal as in flight (of any instance).
    public func intentsInFlight() throws -> Int {
        try metadata.read(as: .localOperator) { try $0.intentCount() }
    }
}
