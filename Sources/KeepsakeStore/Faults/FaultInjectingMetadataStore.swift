/// Wraps a metadata store and fails its k-th write transaction as a ``FaultPlan`` says: before the
/// transaction runs, or after it committed (the answer lost). Reads are not counted.
public final class FaultInjectingMetadataStore: MetadataStore {
    private let base: any MetadataStore
    private let plan: FaultPlan

    /// Wraps `base`, failing as `plan` is armed.
    public init(base: any MetadataStore, plan: FaultPlan) {
        self.base = base
        self.plan = plan
    }

    public var instanceID: String { base.instanceID }
    public func read<T>(_ body: (any MetadataReader) throws -> T) throws -> T { try base.read(body) }
    public func write<T>(_ body: (any MetadataWriter) throws -> T) throws -> T {
        try plan.run("metadata write") { try base.write(body) }
    }
    public func read<T>(as caller: Caller, _ body: (any MetadataReader) throws -> T) throws -> T { try base.read(as: caller, body) }
    public func write<T>(as caller: Caller, _ body: (any MetadataWriter) throws -> T) throws -> T {
        try plan.run("metadata write") { try base.write(as: caller, body) }
    }
    public func claimDeadInstances() throws -> [any InstanceClaim] { try base.claimDeadInstances() }
    public func waitForChanges(timeout: Duration) async throws { try await base.waitForChanges(timeout: timeout) }
    public func status() throws -> BackendStatus { try base.status() }
    public func close() { base.close() }
}
