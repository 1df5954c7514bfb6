import Foundation
public import KeepsakeStore

/// Moves a whole store to other backends — embedded (SQLite + a folder) to PostgreSQL + S3 and back,
/// or any pair to any pair — with no archive in between, one record at a time.
///
/// What a move does, in order:
///
/// 1. **Looks at both stores.** Finishes the target's operations interrupted by a kill (waiting up
///    to ``settleTimeout`` for their instance to be seen dead, else
///    ``StoreMoveError/Kind/targetInUse``). Refuses ``StoreMoveError/Kind/sameStore`` (one store named twice),
///    ``StoreMoveError/Kind/sourceIncomplete`` (the source is itself an unfinished move's target),
///    and, unless ``allowNonEmptyTarget``, ``StoreMoveError/Kind/targetNotEmpty``: a target that
///    holds a record or a setting of ``settingNamespaces`` — except the target of an unfinished
///    move from this same source, which is resumed. Nothing has been written yet.
/// 2. **Checks every source record** (metadata only) before writing anything: the target must be
///    able to take it (field names, its image limit), and a record the target already holds must
///    be identical (see below) or the move stops with ``StoreMoveError/Kind/recordConflict``
///    naming it. A setting the target holds with another value is a
///    ``StoreMoveError/Kind/settingConflict`` (except on a resume, where the source's value is
///    written again). The source's accounts, books and memberships are checked against the
///    target's (``KeepsakeStore/Store/checkAccessSnapshot(_:)``): a clash (a login name taken by
///    another account, an id held differently) is ``StoreMoveError/Kind/accessConflict`` — unless
///    the move may add to a non-empty target, whose own people then stay and which takes the
///    records into its first admin's books (``StoreMoveReport/accessCopied`` is `false`). Still
///    nothing written.
/// 3. **Marks the target** as the target of an unfinished move from this source (a setting in the
///    namespace `keepsake.move`) and copies the settings of ``settingNamespaces`` in the same
///    transaction: API tokens and the key of their ids, the web's session secret and revocations.
///    Then, in one more transaction, every account (its password hash and credential version),
///    book and membership, ids kept (``KeepsakeStore/Store/importAccessSnapshot(_:)``; into a new
///    target they replace its own first admin; written again as they are on a resume).
/// 4. **Copies each record** of every collection, live and trashed, with
///    ``KeepsakeStore/Store/importRecord(_:imageBytes:)``: same id, collection, date, fields,
///    creation and change times, trash state, and each image's bytes untouched. Each image is read
///    whole from the source and its size and SHA-256 checked against its record before anything of
///    the record is written (a mismatch stops the move with
///    ``StoreMoveError/Kind/damagedSource`` naming the record and object); the target checks the
///    SHA-256 again as it stores the bytes, and each record is stored atomically (all its images
///    or nothing). Memory holds one record's images at a time, never the store. A record already
///    in the target with identical content is skipped: this is how a move killed midway resumes.
///    The new record is read back and compared.
/// 5. **Verifies both stores**: every source record is in the target with identical content, the
///    target holds no other record (unless the move was told the target need not be empty), and
///    every copied setting has its source value, every account, book and membership of the source
///    is in the target identical, and each record is in the same book with the same author. Then **fsck** runs on the target, hashing every
///    object again; a problem stops the move with ``StoreMoveError/Kind/targetCheckFailed``.
/// 6. **Clears the mark**: the target is complete.
///
/// "Identical" is the record's id, collection, date, fields, creation, change and trash times, and
/// each image in order (SHA-256 and size of the stored bytes, SHA-256 as uploaded, media type,
/// upright size, capture date). The version counter is not carried over (the target counts its own
/// changes from 1), so the change time stands for it; image row ids, object keys and thumbnails
/// are the target's own.
///
/// The source is only read, never changed. Changes made to either store during a move are not
/// prevented — stop the servers of the source first — but they are caught: a record changed
/// after it was copied fails the final verification, and running the move again then refuses it as
/// a conflict. A failure leaves the target with whole records only; run the move again to resume.
public struct StoreMover: Sendable {
    /// The settings namespaces copied by default: the API's tokens (`api.tokens`) and the key of
    /// their ids (`api`), the web app's session secret (`web.session`) and session revocations
    /// (`web.revocations`), so tokens and logins keep working on the new backends.
    public static let defaultSettingNamespaces = ["api", "api.tokens", "web.session", "web.revocations"]
    /// The namespace of the mark an unfinished move leaves in its target.
    static let markNamespace = "keepsake.move"
    /// The key of that mark.
    static let markKey = "unfinished"

    /// The store copied from; only read.
    public let source: Store
    /// The store copied into.
    public let target: Store
    /// Whether the target may already hold records and settings (the source's are added, the
    /// target's own kept; a record or setting held differently still refuses the move).
    public var allowNonEmptyTarget: Bool
    /// The settings namespaces copied (``defaultSettingNamespaces`` unless changed).
    public var settingNamespaces: [String] = Self.defaultSettingNamespaces
    /// Records listed per page while walking a store (their metadata only).
    public var pageSize = 100
    /// How long a move waits, at the start, for the target's operations in flight to be finished by
    /// recovery (an instance killed a moment ago — an earlier run of this move — is seen dead once
    /// its database session is gone) before it refuses with ``StoreMoveError/Kind/targetInUse``.
    public var settleTimeout: Duration = .seconds(20)

    /// A mover from `source` to `target`.
    public init(from source: Store, to target: Store, allowNonEmptyTarget: Bool = false) {
        self.source = source
        self.target = target
        self.allowNonEmptyTarget = allowNonEmptyTarget
    }

    /// Moves every record and the settings of ``settingNamespaces``, then verifies both stores and
    /// checks the target (see the type's documentation for each step and what it refuses).
    ///
    /// - Parameter progress: called after every record of each phase, at the start of the target's
    ///   check and as it goes, and once when finished.
    /// - Throws: ``StoreMoveError`` (its ``StoreMoveError/keepsakeError`` for a code).
    @discardableResult
    public func move(progress: (@Sendable (StoreMoveProgress) -> Void)? = nil) throws -> StoreMoveReport {
        let started = ContinuousClock.now
        let plan = try prepare()
        var counters = Counters(total: plan.sourceRecords)

        try checkEveryRecord(plan, progress: progress, counters: &counters)
        let settingsWritten = try begin(plan)
        if plan.copiesAccess {
            try onTarget("write the accounts and books") { try target.importAccessSnapshot(plan.access) }
        }
        counters.done = 0
        try forEachRecord(of: source, side: .source) { record in
            try copy(record, access: plan.copiesAccess, counters: &counters)
            counters.done += 1
            counters.record = record.id
            progress?(counters.progress(.copying))
        }
        counters.record = nil
        counters.done = 0
        let verified = try verify(plan, progress: progress, counters: &counters)
        let fsck = try checkTarget(progress: progress, counters: counters)
        try onTarget("clear the mark of the unfinished move") {
            try target.metadata.write { try $0.setSetting(Self.markKey, in: Self.markNamespace, to: nil) }
        }
        counters.done = counters.total
        progress?(counters.progress(.finished))
        let elapsed = ContinuousClock.now - started
        var report = StoreMoveReport(records: counters.copied, images: counters.images, bytes: counters.bytes, skipped: counters.skipped,
                                     settings: settingsWritten, resumed: plan.resuming, verifiedRecords: verified.same,
                                     otherTargetRecords: verified.others, targetCheck: fsck,
                                     seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        report.accessCopied = plan.copiesAccess
        if plan.copiesAccess {
            report.accounts = plan.access.accounts.count
            report.books = plan.access.books.count
            report.memberships = plan.access.members.count
        }
        return report
    }
}

extension StoreMover {
    /// What ``prepare()`` found.
    struct Plan {
        /// The source as the mark names it.
        var sourceName: String
        /// Records in the source at the start.
        var sourceRecords: Int
        /// Records in the target at the start.
        var targetRecords: Int
        /// The source's settings, by namespace and key.
        var sourceSettings: [String: [String: String]]
        /// The target's settings of the same namespaces.
        var targetSettings: [String: [String: String]]
        /// Whether this continues an unfinished move from this source.
        var resuming: Bool
        /// Whether the target may hold records the source does not.
        var intoNonEmpty: Bool
        /// The source's accounts, books and memberships.
        var access: AccessSnapshot
        /// Whether they go to the target (records then keep their book and author).
        var copiesAccess: Bool
    }

    /// The mark an unfinished move leaves in its target.
    struct Mark: Codable {
        /// The source (its backends' kinds and locations).
        var source: String
        /// When the move began (seconds since 1970).
        var startedAt: Double
        /// Whether the target held records or settings of its own when the move began.
        var intoNonEmpty: Bool
    }

    /// Step 1: both stores' figures and settings, and the refusals that need nothing more.
    func prepare() throws -> Plan {
        let sourceStatus = try onSource("read the status") { try source.status() }
        let targetStatus = try onTarget("read the status") { try target.status() }
        let sourceName = Self.name(sourceStatus), targetName = Self.name(targetStatus)
        guard sourceName != targetName else {
            throw StoreMoveError(.sameStore, "The source and the target are the same store (\(sourceName)); name another target. Nothing was written.")
        }
        let sourceMark = try onSource("read its settings") { try source.metadata.read { try $0.setting(Self.markKey, in: Self.markNamespace) } }
        if sourceMark != nil {
            throw StoreMoveError(.sourceIncomplete, "The source (\(sourceName)) is the target of a move that has not finished, so it is incomplete: finish that move first (run it again), then move this store. Nothing was written.")
        }
        try settleTarget()
        let sourceSettings = try settings(of: source, side: .source)
        let targetSettings = try settings(of: target, side: .target)
        let markText = try onTarget("read its settings") { try target.metadata.read { try $0.setting(Self.markKey, in: Self.markNamespace) } }
        let mark = try markText.map { text -> Mark in
            guard let mark = try? JSONDecoder().decode(Mark.self, from: Data(text.utf8)) else {
                throw StoreMoveError(.targetFailed, "The target's mark of an unfinished move (setting \(Self.markNamespace)/\(Self.markKey)) is not readable; remove that setting or choose another target. Nothing was written.",
                                     key: "\(Self.markNamespace)/\(Self.markKey)")
            }
            return mark
        }
        let settingsHeld = targetSettings.values.reduce(0) { $0 + $1.count }
        let targetHolds = targetStatus.totalRecords > 0 || settingsHeld > 0
        let resuming: Bool
        if let mark, mark.source == sourceName {
            resuming = true
        } else if let mark, !allowNonEmptyTarget {
            throw StoreMoveError(.unfinishedMoveFromAnotherSource, "The target holds an unfinished move from another store (\(mark.source)), not from \(sourceName): run that move again to finish it, or allow a non-empty target to add this store's records to it. Nothing was written.")
        } else if targetHolds, !allowNonEmptyTarget {
            throw StoreMoveError(.targetNotEmpty, "The target (\(targetName)) is not empty: it holds \(targetStatus.totalRecords) records and \(settingsHeld) settings. Move into an empty store, or allow a non-empty target to add this store's records to it. Nothing was written.")
        } else {
            resuming = false
        }
        let intoNonEmpty = resuming ? mark!.intoNonEmpty : (targetHolds || mark != nil)
        let access = try onSource("read the accounts and books") { try source.accessSnapshot() }
        var copiesAccess = true
        do {
            try target.checkAccessSnapshot(access)
        } catch let error as KeepsakeError where error.code == .conflict {
            guard intoNonEmpty || allowNonEmptyTarget else {
                throw StoreMoveError(.accessConflict, "The target (\(targetName)) holds accounts of its own that clash with the source's: \(error.message) Move into a new, empty store, or allow a non-empty target to add this store's records to the target's own books (its accounts and books are then not copied).",
                                     underlying: error)
            }
            copiesAccess = false  // added to a store of its own people: records go to its first admin's books
        } catch {
            throw StoreMoveError(.targetFailed, "Could not check the accounts and books against the target: \(KeepsakeError.wrapping(error).message) Nothing was written.",
                                 underlying: KeepsakeError.wrapping(error))
        }
        return Plan(sourceName: sourceName, sourceRecords: sourceStatus.totalRecords, targetRecords: targetStatus.totalRecords,
                    sourceSettings: sourceSettings, targetSettings: targetSettings, resuming: resuming,
                    intoNonEmpty: intoNonEmpty, access: access, copiesAccess: copiesAccess)
    }

    /// Step 1, its end: no operation of another instance in flight in the target. An earlier run
    /// killed midway leaves one, rolled back (or finished) here once its instance is seen dead, so
    /// that the record it was copying is copied again from the start.
    func settleTarget() throws {
        let deadline = ContinuousClock.now + settleTimeout
        while true {
            try onTarget("finish the operations of instances that stopped") { _ = try target.recoverDeadInstances() }
            let left = try onTarget("read its journal") { try target.intentsInFlight() }
            if left == 0 { return }
            guard ContinuousClock.now < deadline else {
                throw StoreMoveError(.targetInUse, "The target has \(left) operation(s) in flight of another instance that is still running: stop every server and command that uses the target, then run the move again. Nothing was written.")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// Step 2: every source record can go into the target as it is, and every setting too; throws
    /// before anything is written.
    func checkEveryRecord(_ plan: Plan, progress: (@Sendable (StoreMoveProgress) -> Void)?, counters: inout Counters) throws {
        if !plan.resuming {
            for namespace in settingNamespaces {
                let theirs = plan.targetSettings[namespace] ?? [:]
                for (key, value) in (plan.sourceSettings[namespace] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    if let held = theirs[key], held != value {
                        throw StoreMoveError(.settingConflict, "The target holds the setting \(namespace)/\(KeepsakeError.printable(key)) with another value than the source (its own API token key or session secret, say): the two cannot be merged. Move into an empty store instead. Nothing was written.",
                                             key: "\(namespace)/\(key)")
                    }
                }
            }
        }
        try forEachRecord(of: source, side: .source) { record in
            do {
                try target.checkImportable(record)
            } catch {
                let error = KeepsakeError.wrapping(error)
                throw StoreMoveError(.targetFailed, "The target cannot take the record \(record.id): \(error.message) Nothing was written.",
                                     recordID: record.id, underlying: error)
            }
            if plan.targetRecords > 0, let held = try onTarget("read a record", record: record.id, { try target.recordIfPresent(record.id) }) {
                try requireSame(record, held, access: plan.copiesAccess, nothingWritten: true)
            }
            counters.done += 1
            counters.record = record.id
            progress?(counters.progress(.checking))
        }
        counters.record = nil
    }

    /// Step 3: the mark and the settings, in one transaction. Returns how many settings it wrote.
    func begin(_ plan: Plan) throws -> Int {
        let mark = Mark(source: plan.sourceName, startedAt: Date().timeIntervalSince1970, intoNonEmpty: plan.intoNonEmpty)
        let markText = String(decoding: try JSONEncoder().encode(mark), as: UTF8.self)
        return try onTarget("write the settings") {
            try target.metadata.write { tx in
                var written = 0
                if !plan.resuming { try tx.setSetting(Self.markKey, in: Self.markNamespace, to: markText) }
                for namespace in settingNamespaces {
                    let held = try tx.settings(in: namespace)
                    for (key, value) in (plan.sourceSettings[namespace] ?? [:]).sorted(by: { $0.key < $1.key }) where held[key] != value {
                        if held[key] != nil, !plan.resuming {
                            // Changed since step 2 looked: the same refusal, and this transaction writes nothing.
                            throw StoreMoveError(.settingConflict, "The target's setting \(namespace)/\(KeepsakeError.printable(key)) changed during the move and differs from the source's. Nothing was written.",
                                                 key: "\(namespace)/\(key)")
                        }
                        try tx.setSetting(key, in: namespace, to: value)
                        written += 1
                    }
                }
                return written
            }
        }
    }

    /// Throws unless `held` (the target's) is identical to `record` (the source's).
    func requireSame(_ record: Record, _ held: Record, access: Bool, nothingWritten: Bool) throws {
        guard let difference = RecordContent(record, access: access).difference(from: RecordContent(held, access: access)) else { return }
        throw StoreMoveError(.recordConflict, "The target already holds a record with the id \(record.id) (\(record.collection)), but \(difference): it is not this store's copy. Move into an empty store, or remove that record from the target. \(nothingWritten ? "Nothing was written." : "The records copied so far are whole; nothing was written for this one.")",
                             recordID: record.id)
    }

    /// The settings of ``settingNamespaces`` in `store`.
    func settings(of store: Store, side: Side) throws -> [String: [String: String]] {
        try on(side, "read its settings") {
            try store.metadata.read { tx in
                var all: [String: [String: String]] = [:]
                for namespace in settingNamespaces { all[namespace] = try tx.settings(in: namespace) }
                return all
            }
        }
    }

    /// A store as the mark names it: its backends' kinds and locations.
    static func name(_ status: StoreStatus) -> String {
        "\(status.metadata.kind) \(status.metadata.location) + \(status.blobs.kind) \(status.blobs.location)"
    }
}
