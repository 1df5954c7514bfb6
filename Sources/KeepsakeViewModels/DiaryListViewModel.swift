public import Foundation
public import KeepsakeDiary
public import KeepsakeStore
public import Observation

/// The diary timeline: newest entries first, with paging, filters, delete and restore.
@MainActor @Observable
public final class DiaryListViewModel: FailureReporting {
    /// What the list shows.
    public enum Filter: Sendable, Hashable {
        /// Every live entry, newest first (paged).
        case all
        /// Entries with this emotion (paged).
        case emotion(Emotion)
        /// Entries with this tag (paged).
        case tag(String)
        /// Full-text search over title, text and tags.
        case search(String)
        /// Entries of one day.
        case day(DiaryDay)
        /// Entries of one month.
        case month(CalendarMonth)
        /// Entries whose moment is in `from ..< to`, newest first (paged).
        case range(from: Date, to: Date)
        /// Entries in the trash (paged).
        case trash
    }

    /// The entries shown, in order.
    public private(set) var entries: [DiaryEntry] = []
    /// Whether ``loadMore()`` can fetch another page.
    public var hasMore: Bool { cursor != nil }
    /// Where the next page starts (`nil` on the last page): a token to resume the list later with
    /// ``load(after:)``, for example from a command line's `--cursor`.
    public var nextCursor: RecordCursor? { cursor }
    /// True while a load runs.
    public private(set) var isLoading = false
    /// The last failure, typed (its code decides how an edge answers); `nil` after a success.
    public var error: KeepsakeError?
    /// What the list shows; call ``load()`` after changing it.
    public var filter: Filter = .all

    /// The diary this list reads.
    public let diary: Diary
    /// Entries per page.
    public let pageSize: Int
    private var cursor: RecordCursor?

    /// Creates a list over `diary`.
    public init(diary: Diary, pageSize: Int = 20) {
        self.diary = diary
        self.pageSize = pageSize
    }

    /// Loads the first page for the current filter.
    public func load() async {
        await fetch(after: nil, appending: false)
    }

    /// Loads the page that starts after `cursor` (a ``nextCursor`` kept from earlier), replacing
    /// the entries shown. Filters that are not paged (search, day, month) ignore the cursor.
    public func load(after cursor: RecordCursor?) async {
        await fetch(after: cursor, appending: false)
    }

    /// Loads the next page, if any.
    public func loadMore() async {
        guard let cursor else { return }
        await fetch(after: cursor, appending: true)
    }

    /// Moves an entry to the trash and removes it from the list.
    public func delete(_ id: RecordID) async {
        let diary = diary
        do {
            _ = try await background { try diary.delete(id) }
            entries.removeAll { $0.id == id }
        } catch {
            self.error = failure(error)
        }
    }

    /// Takes an entry out of the trash.
    public func restore(_ id: RecordID) async {
        let diary = diary
        do {
            _ = try await background { try diary.restore(id) }
            if filter == .trash { entries.removeAll { $0.id == id } }
        } catch {
            self.error = failure(error)
        }
    }

    /// Reloads whenever a diary entry changes anywhere (another screen, the CLI, another process).
    /// Runs until the calling task is cancelled.
    public func observeChanges(pollInterval: Duration = .milliseconds(200)) async {
        await watchChanges(of: diary.store, collection: Diary.collection, pollInterval: pollInterval,
                           refresh: { await self.load() }, failed: { self.error = failure($0) })
    }

    private func fetch(after: RecordCursor?, appending: Bool) async {
        isLoading = true
        defer { isLoading = false }
        let diary = diary, filter = filter, limit = pageSize
        do {
            let page: DiaryPage = try await background {
                switch filter {
                case .all: return try diary.newest(limit: limit, after: after)
                case .emotion(let emotion): return try diary.entries(emotion: emotion, limit: limit, after: after)
                case .tag(let tag): return try diary.entries(tag: tag, limit: limit, after: after)
                case .trash: return try diary.trash(limit: limit, after: after)
                case .search(let text): return DiaryPage(entries: try diary.search(text, limit: 200), nextCursor: nil)
                case .day(let day): return DiaryPage(entries: try diary.entries(on: day), nextCursor: nil)
                case .month(let month): return DiaryPage(entries: try diary.entries(in: month), nextCursor: nil)
                case .range(let from, let to): return try diary.entries(from: from, to: to, limit: limit, after: after)
                }
            }
            entries = appending ? entries + page.entries : page.entries
            cursor = page.nextCursor
            error = nil
        } catch {
            self.error = failure(error)
        }
    }
}
