public import Foundation

/// Wraps a blob store and fails its k-th mutating call (put, delete, prune, move aside, staging
/// clean-up) as a ``FaultPlan`` says: before it has any effect, or after (the answer lost). Reads
/// are not counted.
public struct FaultInjectingBlobStore: BlobStore {
    private let base: any BlobStore
    private let plan: FaultPlan

    /// Wraps `base`, failing as `plan` is armed.
    public init(base: any BlobStore, plan: FaultPlan) {
        self.base = base
        self.plan = plan
    }

    public func putNew(_ objects: [BlobObject], intent: String, instance: String) throws {
        try plan.run("put \(objects.map(\.key.lastComponent).joined(separator: ","))") { try base.putNew(objects, intent: intent, instance: instance) }
    }
    public func putReplacing(_ object: BlobObject, instance: String) throws {
        try plan.run("put-replacing \(object.key.lastComponent)") { try base.putReplacing(object, instance: instance) }
    }
    public func read(_ key: RelativePath) throws -> Data { try base.read(key) }
    public func read(_ key: RelativePath, range: Range<Int64>?, chunk: (UnsafeRawBufferPointer) throws -> Void) throws {
        try base.read(key, range: range, chunk: chunk)
    }
    public func body(of key: RelativePath) throws -> BlobBody { try base.body(of: key) }
    public func stat(_ key: RelativePath) throws -> BlobInfo? { try base.stat(key) }
    public func delete(_ keys: [RelativePath]) throws {
        try plan.run("delete \(keys.count) objects") { try base.delete(keys) }
    }
    public func list(prefix: String, after: String?, limit: Int) throws -> BlobListing { try base.list(prefix: prefix, after: after, limit: limit) }
    public func pruneFolder(_ key: RelativePath) throws { try plan.run("prune \(key)") { try base.pruneFolder(key) } }
    public func moveToLostAndFound(_ key: String, stamp: String) throws -> String {
        try plan.run("move aside \(key)") { try base.moveToLostAndFound(key, stamp: stamp) }
    }
    public func removeStray(_ key: String) throws { try plan.run("remove stray \(key)") { try base.removeStray(key) } }
    public func discardStaging(of instance: String) throws { try plan.run("discard staging") { try base.discardStaging(of: instance) } }
    public func releaseStaging(of instance: String) { base.releaseStaging(of: instance) }
    public func releaseReserve() -> Bool { base.releaseReserve() }
    public func ensureReserve(instance: String) { base.ensureReserve(instance: instance) }
    public func checkUsable() throws { try base.checkUsable() }
    public func status() throws -> BackendStatus { try base.status() }
}
