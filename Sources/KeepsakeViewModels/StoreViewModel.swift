import Foundation
public import KeepsakeStore
public import Observation

/// The store screen: status (counts, sizes, locations) and the result of a check.
@MainActor @Observable
public final class StoreViewModel: FailureReporting {
    /// The latest status.
    public private(set) var status: StoreStatus?
    /// The latest check result.
    public private(set) var report: FsckReport?
    /// The last failure, typed (its code decides how an edge answers); `nil` after a success.
    public var error: KeepsakeError?
    /// The store.
    public let store: Store

    /// A screen for `store`.
    public init(store: Store) { self.store = store }

    /// Reads the status.
    public func load() async {
        let store = store
        do {
            status = try await background { try store.status() }
            error = nil
        } catch { self.error = failure(error) }
    }

    /// Runs a check (and repairs with `repair`).
    public func check(repair: Bool = false) async {
        let store = store
        do {
            report = try await background { try store.fsck(repair: repair) }
            status = try await background { try store.status() }
            error = nil
        } catch { self.error = failure(error) }
    }
}
