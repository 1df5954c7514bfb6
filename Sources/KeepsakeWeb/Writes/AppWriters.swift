import KeepsakeDiary
import KeepsakeFeed
import KeepsakeLedger

/// The one write path of each app, shared by the pages and the API: every create, edit, photo
/// change and trash of the web app goes through one of these.
struct AppWriters: Sendable {
    /// Diary entries.
    let diary: DiaryWriter
    /// Feed posts.
    let feed: FeedWriter
    /// Ledger transactions.
    let ledger: LedgerWriter
    /// What they share: the upload limits and the refusals' wording (and the photo operations of
    /// any app, ``WritePath/addImages(_:_:to:at:expectedVersion:files:language:)``).
    let path: WritePath

    /// The writers of the three apps, with `limits`.
    init(diary: Diary, feed: Feed, ledger: Ledger, limits: WebLimits) {
        path = WritePath(limits: limits)
        self.diary = DiaryWriter(diary: diary, path: path)
        self.feed = FeedWriter(feed: feed, path: path)
        self.ledger = LedgerWriter(ledger: ledger, path: path)
    }
}
