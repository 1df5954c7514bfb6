
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

    /// The writers of the three apps as the request's caller sees them (`apps`), with `limits`.
    init(apps: CallerApps, limits: WebLimits) {
        path = WritePath(limits: limits)
        diary = DiaryWriter(apps: apps, path: path)
        feed = FeedWriter(apps: apps, path: path)
        ledger = LedgerWriter(apps: apps, path: path)
    }
}
