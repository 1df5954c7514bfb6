import Foundation
import KeepsakeStoreConfiguration
import KeepsakeDiary
import KeepsakeImaging
import KeepsakeStore
import Synchronization

/// The collection every benchmark record lives in.
let benchCollection: CollectionName = "bench"
let photosPerRecord = 3

/// Opens (creating) a store whose data and cache live under `root`.
func openStore(_ root: String, fileSystem: any FileSystem = PosixFileSystem(), options: StoreOptions = StoreOptions()) throws -> Store {
    try Store(location: StoreLocation(root: URL(fileURLWithPath: root)), options: options, imageProcessor: VipsImageProcessor(), fileSystem: fileSystem)
}

/// The store a child command names: the embedded one under `root`, or, with `--metadata URL`
/// and/or `--blobs URL`, those backends (`root` holding only the instance's local folders), opened
/// through ``StoreConfiguration`` as `keepsake serve` opens them. S3 credentials come from
/// `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`.
func openStore(_ root: String, _ arguments: Arguments, options: StoreOptions = StoreOptions()) throws -> Store {
    let metadata = arguments.string("metadata", default: "").nilIfEmpty, blobs = arguments.string("blobs", default: "").nilIfEmpty
    guard metadata != nil || blobs != nil else { return try openStore(root, options: options) }
    return try StoreConfiguration.named(store: root, metadata: metadata, blobs: blobs, environment: [:])
        .open(options: options, imageProcessor: VipsImageProcessor())
}

/// `--start-at EPOCH` (seconds since 1970): sleeps until then, so that children started one after
/// the other (two store instances, two peers) begin their measured work together, each having
/// opened its store first. Returns how late this child was (0 when on time).
func waitForStart(_ arguments: Arguments) -> Double {
    guard let at = Double(arguments.string("start-at", default: "")) else { return 0 }
    let wait = at - Date().timeIntervalSince1970
    if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
    return max(0, -wait)
}

/// `child-ingest --store DIR --records N [--per-record 3] [--policy lossless|reencode] [--diary yes]
/// [--batch yes] --photo FILE...`: creates N records of `--per-record` photos each (taken
/// round-robin) through `Store.create` (or, with `--diary yes`, as diary entries through
/// `Diary.create`; with `--batch yes`, all of them in one `Store.create(_:)` of drafts, the
/// pipelined batch an import uses), exactly as an app does, with the store's default encoding policy unless `--policy` names one. Prints the time
/// from the first create to the last, the process's CPU time over the same span (CPU / wall is
/// the number of cores kept busy), and the peak RSS before and after.
func childIngest(_ arguments: Arguments) throws {
    let root = try arguments.string("store")
    let records = arguments.int("records", default: 10)
    let perRecord = arguments.int("per-record", default: photosPerRecord)
    let photos = arguments.list("photo").map { URL(fileURLWithPath: $0) }
    guard !photos.isEmpty else { throw BenchFailure("child-ingest needs --photo") }
    var options = StoreOptions()  // the defaults, unless --concurrency or --policy is given
    options.processingConcurrency = arguments.int("concurrency", default: options.processingConcurrency)
    if let policy = arguments.string("policy", default: "").nilIfEmpty { options.encodingPolicy = try benchPolicy(policy) }
    let store = try openStore(root, arguments, options: options)
    let diary = arguments.string("diary", default: "no") == "yes" ? Diary(store: store) : nil
    let batch = arguments.string("batch", default: "no") == "yes"
    let opened = peakRSSKiB()
    var images = 0
    let late = waitForStart(arguments)
    let startedAt = Date().timeIntervalSince1970
    let cpu0 = processCPUSeconds()
    let (_, seconds) = try timed {
        if batch {
            let drafts = (0..<records).map { r in
                RecordDraft(collection: benchCollection, fields: ["title": .string("Record \(r)")],
                            images: (0..<perRecord).map { ImageSource.file(photos[(r * perRecord + $0) % photos.count]) })
            }
            images = try store.create(drafts).reduce(0) { $0 + $1.images.count }
            return
        }
        for r in 0..<records {
            let sources = (0..<perRecord).map { ImageSource.file(photos[(r * perRecord + $0) % photos.count]) }
            if let diary {
                try diary.create(DiaryDraft(timeZone: TimeZone(identifier: "UTC")!, emotion: .joy, intensity: 3,
                                            title: "Entry \(r)", text: "Ten photos of a day out.", images: sources))
            } else {
                try store.create(RecordDraft(collection: benchCollection, fields: ["title": .string("Record \(r)")], images: sources))
            }
            images += sources.count
        }
    }
    let cpu = processCPUSeconds() - cpu0
    emit(["images": images, "records": records, "seconds": seconds, "cpu_seconds": cpu, "policy": options.encodingPolicy.description,
          "rss_after_open_kib": opened, "peak_rss_kib": peakRSSKiB(), "started_at": startedAt, "ended_at": startedAt + seconds,
          "late_seconds": late])
}

extension String {
    /// `nil` for the empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

/// `child-list --store DIR --iterations N`: opens the store, lists the 100 newest records N times.
/// Prints the peak RSS after opening and after listing.
///
/// With `--timings yes` it lists 50 times first (warm-up), waits for `--start-at`, then times each
/// listing (wall clock, and the thread's CPU time) and prints every sample; with `--metadata` and
/// `--blobs` it lists a store on those backends.
func childList(_ arguments: Arguments) throws {
    let opened = try openStore(try arguments.string("store"), arguments)
    // `--as first-admin`: listed by the store's first admin through the access rule.
    let store: Store
    if arguments.string("as", default: "operator") == "first-admin" {
        guard let admin = try opened.firstAdmin() else { throw BenchFailure("the store has no admin to list as") }
        store = opened.acting(as: .account(admin.id))
    } else {
        store = opened
    }
    var query = RecordQuery(collection: benchCollection)
    query.limit = 100
    let openedRSS = peakRSSKiB()
    var seen = 0
    let iterations = arguments.int("iterations", default: 200)
    guard arguments.string("timings", default: "no") == "yes" else {
        for _ in 0..<iterations {
            seen = try store.list(query).records.count
        }
        emit(["records_listed": seen, "rss_after_open_kib": openedRSS, "peak_rss_kib": peakRSSKiB()])
        return
    }
    for _ in 0..<50 { _ = try store.list(query) }
    let late = waitForStart(arguments)
    var wall: [Double] = [], cpu: [Double] = []
    wall.reserveCapacity(iterations)
    cpu.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let c0 = threadCPUSeconds(), t0 = nanoseconds()
        let page = try store.list(query)
        let t1 = nanoseconds(), c1 = threadCPUSeconds()
        guard page.records.count == 100, page.records[0].images.count == photosPerRecord else {
            throw BenchFailure("a listing gave \(page.records.count) records, the first with \(page.records.first?.images.count ?? 0) images")
        }
        wall.append(Double(t1 - t0) / 1e6)
        cpu.append((c1 - c0) * 1000)
        seen = page.records.count
    }
    emit(["records_listed": seen, "wall_ms": wall, "cpu_ms": cpu, "late_seconds": late, "peak_rss_kib": peakRSSKiB()])
}

/// A file system that lets an operation run up to a chosen step and then holds it there forever,
/// so that a SIGKILL finds it in flight. For records whose id ends in an even hex digit the
/// operation stops just before its original is linked into `attachments/` (only a staged file
/// exists); for the others, after the original and thumbnails are in place, at the folder fsync
/// just before the commit.
final class HoldingFileSystem: FileSystem {
    let base = PosixFileSystem()
    let held = Mutex<Int>(0)

    private static func recordID(inFolder folder: String) -> String? {
        let parts = folder.split(separator: "/")
        guard parts.count >= 3, parts[parts.count - 3] == "attachments", parts.last!.count == 36 else { return nil }
        return String(parts.last!)
    }

    private static func holdsEarly(_ id: String) -> Bool {
        Int(String(id.last!), radix: 16)! % 2 == 0
    }

    private func hold() -> Never {
        held.withLock { $0 += 1 }
        while true { sleep(3600) }
    }

    func makeDirectory(_ path: String) throws { try base.makeDirectory(path) }
    func writeNewFile(_ path: String, data: Data) throws { try base.writeNewFile(path, data: data) }
    func rename(_ source: String, to destination: String) throws { try base.rename(source, to: destination) }
    func removeFile(_ path: String) throws { try base.removeFile(path) }
    func removeDirectory(_ path: String) throws { try base.removeDirectory(path) }

    func link(_ source: String, to destination: String) throws {
        if let id = Self.recordID(inFolder: (destination as NSString).deletingLastPathComponent), Self.holdsEarly(id) { hold() }
        try base.link(source, to: destination)
    }

    func syncDirectory(_ path: String) throws {
        if let id = Self.recordID(inFolder: path), !Self.holdsEarly(id) { hold() }
        try base.syncDirectory(path)
    }
}

/// `child-interrupt --store DIR --ops N --photo FILE`: starts N creates (one photo each) on N
/// threads through a ``HoldingFileSystem``, prints `READY` once all N are held mid-operation, and
/// waits for the SIGKILL.
func childInterrupt(_ arguments: Arguments) throws {
    let ops = arguments.int("ops", default: 100)
    let photo = try Data(contentsOf: URL(fileURLWithPath: try arguments.string("photo")))
    let fileSystem = HoldingFileSystem()
    let store = try openStore(try arguments.string("store"), fileSystem: fileSystem)
    for k in 0..<ops {
        let thread = Thread {
            _ = try? store.create(RecordDraft(collection: benchCollection, fields: ["title": .string("Interrupted \(k)")],
                                              images: [.data(photo, name: "interrupted-\(k).jpg")]))
            note("keepsake-bench: operation \(k) was not held")
        }
        thread.start()
    }
    let deadline = Date().addingTimeInterval(120)
    while fileSystem.held.withLock({ $0 }) < ops {
        guard Date() < deadline else { throw BenchFailure("only \(fileSystem.held.withLock { $0 }) of \(ops) operations were held") }
        usleep(10_000)
    }
    FileHandle.standardOutput.write(Data("READY\n".utf8))
    while true { sleep(3600) }
}

/// `populate --store DIR --records N --photo FILE...`: builds a store of N records with three
/// images each, fast. One template record is created through the public API (real processing,
/// files, thumbnails); the other N-1 are written by the `sqlite3` shell into the engine's own
/// schema (same columns the engine writes: record rows in the template's book, with its author, and
/// their full-text rows via the engine's triggers, three attachment rows each with the template's sizes and hashes), and their files are
/// hard links to the template's original and thumbnails (a fresh copy every 60,000 links, ext4's
/// limit), so `fsck` finds every file with the right hash. Nothing is fsynced.
///
/// `--accounts A` (default 1) spreads the records over A accounts: the template's author (the
/// store's first admin) and A-1 more, each the owner of its own book, record i in the book of
/// account i mod A. `--files no` writes no files (a listing reads only the metadata; such a store
/// is not for fsck).
func populate(_ arguments: Arguments) throws {
    let root = try arguments.string("store")
    let records = arguments.int("records", default: 10_000)
    let accounts = max(1, arguments.int("accounts", default: 1))
    let files = arguments.string("files", default: "yes") != "no"
    let photos = arguments.list("photo").map { URL(fileURLWithPath: $0) }
    guard photos.count >= photosPerRecord else { throw BenchFailure("populate needs \(photosPerRecord) --photo") }
    removeTree(root)
    let template: Record
    let location: StoreLocation
    do {
        let store = try openStore(root)
        location = store.location
        // Dated after every generated record, so the template is the newest.
        template = try store.create(RecordDraft(collection: benchCollection, date: Date(timeIntervalSince1970: 1_800_000_000),
                                                fields: ["title": .string("Template"), "notes": .string("made through the API")],
                                                images: photos.prefix(photosPerRecord).map { .file($0) }))
    }
    let templateID = template.id.string
    // The template's images are in its book's folder (attachments/<book>/<id>/); the generated
    // records' are in the collection's folder (attachments/bench/<id>/, the layout of images stored
    // before books had folders, which the store still reads), made below.
    let prefix = (template.images.first.map { ($0.path.string as NSString).deletingLastPathComponent } ?? "attachments/bench/\(templateID)") + "/"
    // Account a (1 ≤ a < A) and its book have ids of their own pattern; record i goes to the
    // account i mod A (0: the template's book and author).
    let account = "printf('00000000-0000-4000-9000-%012x', a)", book = "printf('00000000-0000-4000-a000-%012x', a)"
    let sql = """
        PRAGMA journal_mode = WAL;
        BEGIN;
        WITH RECURSIVE m(a) AS (SELECT 1 UNION ALL SELECT a + 1 FROM m WHERE a < \(accounts - 1))
        INSERT INTO account (id, login, display_name, language, time_zone, created_at)
        SELECT \(account), 'bench' || a, 'Bench ' || a, 'en', 'UTC', 1700000000.0 + a FROM m WHERE a < \(accounts);
        WITH RECURSIVE m(a) AS (SELECT 1 UNION ALL SELECT a + 1 FROM m WHERE a < \(accounts - 1))
        INSERT INTO book (id, collection, name, default_of, created_at)
        SELECT \(book), 'bench', 'Bench', \(account), 1700000000.0 + a FROM m WHERE a < \(accounts);
        WITH RECURSIVE m(a) AS (SELECT 1 UNION ALL SELECT a + 1 FROM m WHERE a < \(accounts - 1))
        INSERT INTO book_member (book_id, account_id, role) SELECT \(book), \(account), 'owner' FROM m WHERE a < \(accounts);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(records - 1))
        INSERT INTO record (id, collection, date, fields, created_at, updated_at, next_image_seq, book_id, author_id)
        SELECT printf('00000000-0000-4000-8000-%012x', i), 'bench', 1700000000.0 + i * 600.0 + (i * 7919) % 600,
               json_object('title', 'Record ' || i, 'notes', 'a day out number ' || i || ' with photos', 'emotion', 'happy'),
               1700000000.0 + i * 600.0, 1700000000.0 + i * 600.0, 3,
               CASE WHEN i % \(accounts) = 0 THEN t.book_id ELSE printf('00000000-0000-4000-a000-%012x', i % \(accounts)) END,
               CASE WHEN i % \(accounts) = 0 THEN t.author_id ELSE printf('00000000-0000-4000-9000-%012x', i % \(accounts)) END
        FROM n, (SELECT book_id, author_id FROM record WHERE id = '\(templateID)') AS t;
        INSERT INTO attachment (record_id, position, path, byte_size, sha256, source_sha256, media_type, width, height,
                                captured_at, thumbnail_format, created_at)
        SELECT r.id, t.position, 'attachments/bench/' || r.id || '/' || substr(t.path, \(prefix.utf8.count + 1)), t.byte_size,
               t.sha256, t.source_sha256, t.media_type, t.width, t.height, t.captured_at, t.thumbnail_format, r.created_at
        FROM record r CROSS JOIN attachment t
        WHERE t.record_id = '\(templateID)' AND r.id != '\(templateID)'
        ORDER BY r.id, t.position;
        COMMIT;
        PRAGMA wal_checkpoint(TRUNCATE);
        """
    try run(["sqlite3", location.databaseURL.path], stdin: Data(sql.utf8))
    guard files else {
        emit(["records": records, "attachments": records * photosPerRecord, "template": templateID, "accounts": accounts])
        return
    }

    // The files: hard links to the template's, from pools of copies.
    final class Pool {
        let source: String
        var current: String
        var links = 0
        var copies = 0
        let poolFolder: String
        init(source: String, poolFolder: String) {
            self.source = source
            self.current = source
            self.poolFolder = poolFolder
        }
        func next() throws -> String {
            links += 1
            if links >= 60_000 {
                copies += 1
                current = poolFolder + "/\(copies)-" + (source as NSString).lastPathComponent
                try FileManager.default.copyItem(atPath: source, toPath: current)
                links = 1
            }
            return current
        }
    }
    let data = location.dataDirectory.path, cache = location.cacheDirectory.path
    let poolFolder = root + "-pool"
    removeTree(poolFolder)
    try makeFolder(poolFolder)
    var originals: [(name: String, pool: Pool)] = []
    var thumbnails: [(name: String, pool: Pool)] = []
    for image in template.images {
        originals.append((image.path.lastComponent, Pool(source: data + "/" + image.path.string, poolFolder: poolFolder)))
        for size in ThumbnailSize.standard {
            let path = image.thumbnailPath(size)
            thumbnails.append((path.lastComponent, Pool(source: cache + "/" + path.string, poolFolder: poolFolder)))
        }
    }
    try makeFolder(data + "/attachments/bench")
    try makeFolder(cache + "/thumbnails/bench")
    for i in 1..<max(records, 1) {
        let id = String(format: "00000000-0000-4000-8000-%012x", i)
        for (folder, files) in [(data + "/attachments/bench/" + id, originals), (cache + "/thumbnails/bench/" + id, thumbnails)] {
            guard mkdir(folder, 0o755) == 0 else { throw BenchFailure("mkdir \(folder): errno \(errno)") }
            for (name, pool) in files {
                let source = try pool.next()
                guard link(source, folder + "/" + name) == 0 else { throw BenchFailure("link \(folder)/\(name): errno \(errno)") }
            }
        }
    }
    emit(["records": records, "attachments": records * photosPerRecord, "template": templateID, "accounts": accounts])
}

/// `populate-diary --store DIR --entries N --photo FILE...`: a diary of N entries (one to three
/// photos each, one a day going back from today) made through the Diary app, as the web app shows
/// it. Prints the thumbnail URLs the web app serves and the same files' paths under the cache folder.
func populateDiary(_ arguments: Arguments) throws {
    let root = try arguments.string("store")
    let entries = arguments.int("entries", default: 300)
    let photos = arguments.list("photo").map { URL(fileURLWithPath: $0) }
    removeTree(root)
    let store = try openStore(root)
    let diary = Diary(store: store)
    let emotions: [Emotion] = [.joy, .calm, .gratitude, .love, .excitement, .sadness, .tiredness]
    var urls: [String] = [], files: [String] = []
    for k in 0..<entries {
        let images = (0...(k % 3)).map { ImageSource.file(photos[(k + $0) % photos.count]) }
        let entry = try diary.create(DiaryDraft(moment: Date().addingTimeInterval(-86_400 * Double(k) - 3_600), timeZone: TimeZone(identifier: "UTC")!,
                                                emotion: emotions[k % emotions.count], intensity: 1 + k % 5, title: "Day \(k)",
                                                text: "A walk by the river, coffee, and photos of the light on the water. Entry \(k).",
                                                tags: ["walk", "day\(k % 10)"], images: images))
        for attachment in try store.record(entry.id).images {
            urls.append("/images/\(attachment.recordID.string)/\(attachment.id)/256")
            files.append("/" + attachment.thumbnailPath(.small).string)
        }
    }
    emit(["entries": entries, "urls": urls, "files": files, "cache": store.location.cacheDirectory.path])
}
