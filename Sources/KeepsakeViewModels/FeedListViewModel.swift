import Foundation
public import KeepsakeFeed
public import KeepsakeStore
public import Observation

/// The feed: newest posts first with cursor paging, delete and restore (seed 002's `feeds`).
@MainActor @Observable
public final class FeedListViewModel: FailureReporting {
    /// The posts shown, newest first.
    public private(set) var items: [FeedItem] = []
    /// Whether ``loadMore()`` can fetch another page.
    public var hasMore: Bool { cursor != nil }
    /// Where the next page starts (`nil` on the last page): a token to resume the list later with
    /// ``load(after:)``, for example from a command line's `--cursor`.
    public var nextCursor: RecordCursor? { cursor }
    /// True while a load runs.
    public private(set) var isLoading = false
    /// The last failure, typed (its code decides how an edge answers); `nil` after a success.
    public var error: KeepsakeError?
    /// Show the trash instead of live posts.
    public var showsTrash = false

    /// The feed.
    public let feed: Feed
    /// Posts per page.
    public let pageSize: Int
    private var cursor: RecordCursor?

    /// A list over `feed`.
    public init(feed: Feed, pageSize: Int = 20) {
        self.feed = feed
        self.pageSize = pageSize
    }

    /// Loads the first page.
    public func load() async { await fetch(after: nil, appending: false) }

    /// Loads the page that starts after `cursor` (a ``nextCursor`` kept from earlier), replacing
    /// the posts shown.
    public func load(after cursor: RecordCursor?) async { await fetch(after: cursor, appending: false) }

    /// Loads the next page, if any.
    public func loadMore() async {
        guard let cursor else { return }
        await fetch(after: cursor, appending: true)
    }

    /// Moves a post to the trash.
    public func delete(_ id: RecordID) async {
        let feed = feed
        do {
            _ = try await background { try feed.delete(id) }
            items.removeAll { $0.id == id }
        } catch { self.error = failure(error) }
    }

    /// Restores a post from the trash.
    public func restore(_ id: RecordID) async {
        let feed = feed
        do {
            _ = try await background { try feed.restore(id) }
            if showsTrash { items.removeAll { $0.id == id } }
        } catch { self.error = failure(error) }
    }

    /// Reloads whenever a post changes anywhere. Runs until the calling task is cancelled.
    public func observeChanges(pollInterval: Duration = .milliseconds(200)) async {
        await watchChanges(of: feed.store, collection: "feed", pollInterval: pollInterval,
                           refresh: { await self.load() }, failed: { self.error = failure($0) })
    }

    private func fetch(after: RecordCursor?, appending: Bool) async {
        isLoading = true
        defer { isLoading = false }
        let feed = feed, limit = pageSize, trash = showsTrash
        do {
            let page = try await background { trash ? try feed.trash(limit: limit, after: after) : try feed.newest(limit: limit, after: after) }
            items = appending ? items + page.items : page.items
            cursor = page.nextCursor
            error = nil
        } catch { self.error = failure(error) }
    }
}
