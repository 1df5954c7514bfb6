import KeepsakeStore

/// The web app's pages, one controller per app, each registered on its group of the router
/// (``WebApp/makeRouter(thumbnailSizes:pages:)``). Each holds what it reads and its app's writer;
/// all share one ``PageLayout`` and the API's writers (``AppWriters``).
struct AppPages: Sendable {
    /// `/diary`.
    let diary: DiaryPages
    /// `/feed`.
    let feed: FeedPages
    /// `/ledger`.
    let ledger: LedgerPages
    /// `/store`.
    let store: StorePages
    /// `/store/import`.
    let imports: ImportPages

    /// The controllers over the apps of `apps`, in `layout`, writing through `writers`.
    init(apps: CallerApps, writers: AppWriters, layout: PageLayout, configuration: WebConfiguration) {
        let writes = writers.path, maxFileBytes = configuration.limits.maxFileBytes
        diary = DiaryPages(writer: writers.diary, layout: layout,
                           pageSize: configuration.diaryPageSize, maxFileBytes: maxFileBytes, clock: configuration.clock)
        feed = FeedPages(writer: writers.feed, layout: layout,
                         pageSize: configuration.feedPageSize, maxFileBytes: maxFileBytes)
        ledger = LedgerPages(writer: writers.ledger, layout: layout, writes: writes, clock: configuration.clock)
        store = StorePages(apps: apps, layout: layout)
        imports = ImportPages(apps: apps, layout: layout, writes: writes)
    }
}
