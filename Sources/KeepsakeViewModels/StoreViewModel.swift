public import Foundation
public import KeepsakeStore
public import Observation

/// The store screen: status (counts, sizes, locations) and the result of a check.
@MainActor @Observable
public final class StoreViewModel {
    /// The latest status.
    public private(set) var status: StoreStatus?
    /// The latest check result.
    public private(set) var report: FsckReport?
    /// The last error, as a sentence.
    public var errorMessage: String?
    /// The store.
    public let store: Store

    /// A screen for `store`.
    public init(store: Store) { self.store = store }

    /// Reads the status.
    public func load() async {
        let store = store
        do {
            status = try await background { try store.status() }
            errorMessage = nil
        } catch { errorMessage = userMessage(error) }
    }

    /// Runs a check (and repairs with `repair`).
    public func check(repair: Bool = false) async {
        let store = store
        do {
            report = try await background { try store.fsck(repair: repair) }
            status = try await background { try store.status() }
            errorMessage = nil
        } catch { errorMessage = userMessage(error) }
    }
}
