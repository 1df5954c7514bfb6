import Foundation

/// Everything the engine asks of a database: records and their ordered image rows, the intent
/// journal, the change log, list and search queries, status figures, small settings, and the
/// liveness of store instances. ``SQLiteMetadataStore`` is the embedded default.
///
/// ## What the promises need from an implementation
/// - **One commit point.** ``write(_:)`` runs its body in one transaction; when it returns, the
///   whole change is durable (the power may fail after that), and when it throws nothing of it
///   happened. The engine's commit of an operation is one such call.
/// - **Consistent reads.** ``read(_:)`` sees one committed state for its whole body.
/// - **Serialised conflicts.** Two write transactions that touch the same record or intent behave
///   as if one ran after the other. A body may be run again after a serialization failure, so it
///   must have no effect outside the transaction.
/// - **Liveness.** Each open store instance is alive until it is closed or its process dies; an
///   instance that can no longer prove it is alive must fail ``MetadataWriter/assertLive()`` so it
///   never commits as a zombie. ``claimDeadInstances()`` finds the instances that are gone and
///   holds them so no other recoverer works on the same one.
/// - **Ordering.** Keys compare as bytes (`COLLATE "C"` on PostgreSQL), the order
///   ``BlobStore/list(prefix:after:limit:)`` uses, so fsck can merge the two lists.
public protocol MetadataStore: Sendable {
    /// This instance's token, written in the journal as the owner of its intents.
    var instanceID: String { get }

    /// Runs `body` in one read transaction.
    func read<T>(_ body: (any MetadataReader) throws -> T) throws -> T

    /// Runs `body` in one write transaction and commits it: the durability point of an operation.
    func write<T>(_ body: (any MetadataWriter) throws -> T) throws -> T

    /// ``read(_:)`` on behalf of `caller`: a database with its own row-level rules binds the caller
    /// to the transaction first. The engine always reads through this.
    func read<T>(as caller: Caller, _ body: (any MetadataReader) throws -> T) throws -> T

    /// ``write(_:)`` on behalf of `caller` (see ``read(as:_:)``). The engine always writes through this.
    func write<T>(as caller: Caller, _ body: (any MetadataWriter) throws -> T) throws -> T

    /// The instances named in the journal (or known to the liveness mechanism) that are no longer
    /// alive, each held by the returned claim until it is finished.
    func claimDeadInstances() throws -> [any InstanceClaim]

    /// Waits until the change log may have grown or `timeout` passes (a store with notifications
    /// returns early; one without just sleeps).
    func waitForChanges(timeout: Duration) async throws

    /// What this database is and how big, for `keepsake status`.
    func status() throws -> BackendStatus

    /// A marker of the newest commit read without a transaction, or `nil` when this store cannot
    /// tell so cheaply (then every caller reads in a transaction). What a transaction read, when
    /// the marker was the same before it began and after it ended, stays true while the marker
    /// stays that one: see ``UnchangedStoreCache``. An implementation must move it with every commit, its own and
    /// those of other connections and processes, or return `nil`.
    func commitMarker() -> CommitMarker?

    /// Releases this instance's liveness and connections; the instance is then dead to others.
    func close()
}

extension MetadataStore {
    /// ``read(_:)``: the engine's own checks are the only rule.
    public func read<T>(as caller: Caller, _ body: (any MetadataReader) throws -> T) throws -> T {
        try read(body)
    }

    /// ``write(_:)``: the engine's own checks are the only rule.
    public func write<T>(as caller: Caller, _ body: (any MetadataWriter) throws -> T) throws -> T {
        try write(body)
    }

    /// `nil`: no cheap marker; every read is a transaction.
    public func commitMarker() -> CommitMarker? { nil }

    /// Sleeps for `timeout`: the change log is polled.
    public func waitForChanges(timeout: Duration) async throws {
        try await Task.sleep(for: timeout)
    }
}
