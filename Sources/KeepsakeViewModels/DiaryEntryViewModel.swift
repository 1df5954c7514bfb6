import Foundation
public import KeepsakeDiary
public import KeepsakeStore
public import Observation

/// One diary entry on its own page: its photos in order, and seed 000's per-photo operations.
@MainActor @Observable
public final class DiaryEntryViewModel: FailureReporting {
    /// The entry, once loaded; `nil` if it was purged.
    public private(set) var entry: DiaryEntry?
    /// The last failure, typed (its code decides how an edge answers); `nil` after a success.
    public var error: KeepsakeError?
    /// The diary.
    public let diary: Diary
    /// The entry's id.
    public let id: RecordID

    /// A page for entry `id`.
    public init(diary: Diary, id: RecordID) {
        self.diary = diary
        self.id = id
    }

    /// Loads (or reloads) the entry.
    public func load() async {
        await run { diary, id in try diary.read(id) }
    }

    /// Replaces the photo at `index` (the old file is removed only after the change is committed).
    public func replaceImage(at index: Int, with source: ImageSource) async {
        await run { diary, id in try diary.replaceImage(of: id, at: index, with: source) }
    }

    /// Removes the photo at `index`.
    public func removeImage(at index: Int) async {
        await run { diary, id in try diary.removeImage(of: id, at: index) }
    }

    /// Moves a photo.
    public func moveImage(from: Int, to: Int) async {
        await run { diary, id in try diary.moveImage(of: id, from: from, to: to) }
    }

    /// Puts the photos in a new order: `order[i]` is the current position of the photo that goes to
    /// position `i` (every position once; no file is touched).
    public func reorderImages(_ order: [Int]) async {
        await run { diary, id in try diary.reorderImages(of: id, order: order) }
    }

    /// Adds photos at the end.
    public func addImages(_ sources: [ImageSource]) async {
        await run { diary, id in try diary.addImages(sources, to: id) }
    }

    /// Moves the entry to the trash.
    public func delete() async {
        await run { diary, id in try diary.delete(id) }
    }

    /// Restores it from the trash.
    public func restore() async {
        await run { diary, id in try diary.restore(id) }
    }

    /// Reloads when this entry changes anywhere. Runs until the calling task is cancelled.
    public func observeChanges(pollInterval: Duration = .milliseconds(200)) async {
        let id = id
        await watchChanges(of: diary.store, collection: Diary.collection, pollInterval: pollInterval, matching: { $0.recordID == id },
                           refresh: {
                               let diary = self.diary
                               do { self.entry = try await background { try diary.store.recordIfPresent(id) != nil ? try diary.read(id) : nil } }
                               catch { self.self.error = failure(error) }
                           },
                           failed: { self.error = failure($0) })
    }

    private func run(_ work: @escaping @Sendable (Diary, RecordID) throws -> DiaryEntry) async {
        let diary = diary, id = id
        do {
            entry = try await background { try work(diary, id) }
            error = nil
        } catch {
            self.error = failure(error)
        }
    }
}
