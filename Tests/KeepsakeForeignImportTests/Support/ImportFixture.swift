import Foundation
import KeepsakeDiary
import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// A fresh store (real SQLite, real libvips) to import into, with helpers to read what came over.
final class ImportFixture: @unchecked Sendable {
    // @unchecked: the store is thread-safe, the rest is immutable.
    let directory: TemporaryDirectory
    let store: Store

    init(_ label: String = "import") throws {
        directory = TemporaryDirectory(label)
        store = try ImportCorpus.store(directory)
    }

    var diary: Diary { Diary(store: store) }
    var ledger: Ledger { Ledger(store: store) }

    /// Plans and writes.
    @discardableResult
    func run(_ importer: any Importer, dryRun: Bool = false, refusals: ImportWriter.RefusalPolicy = .importTheRest) throws -> ImportReport {
        try ImportWriter(store: store).write(try importer.plan(), dryRun: dryRun, refusals: refusals)
    }

    /// A ledger importer of a corpus file.
    func statement(_ path: String, rules: String? = nil, options: LedgerImportOptions = LedgerImportOptions()) throws -> any Importer {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : ImportCorpus.url(path)
        guard case .statement(let source) = try LedgerFileFormat.detect(url) else { throw ZipMaker.ZipError("\(path) is a Keepsake CSV") }
        return try LedgerFileFormat.importer(source, file: url, rules: try rules.map(CSVRules.init(parsing:)), ledger: ledger,
                                             options: options, displayName: (path as NSString).lastPathComponent)
    }

    /// Every transaction as `day kind amount currency category | memo`, sorted.
    func transactions() throws -> [String] {
        try ImportCorpus.records(store, Ledger.collection).map { record in
            let transaction = try ledger.read(record.id)
            let line = "\(transaction.date) \(transaction.kind) \(transaction.amount.amountString) \(transaction.amount.currency.code) \(transaction.category) | \(transaction.memo)"
            return line.trimmingCharacters(in: .whitespaces)
        }.sorted()
    }

    /// Every diary entry, oldest first.
    func entries() throws -> [DiaryEntry] {
        try ImportCorpus.records(store, Diary.collection).map { try DiaryEntry(record: $0) }
    }

    /// The entry imported from `sourceID`.
    func entry(_ sourceID: String) throws -> DiaryEntry {
        try DiaryEntry(record: try ImportCorpus.record(store, Diary.collection, sourceID: sourceID))
    }

    /// The store checks out clean.
    func expectClean(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let report = try store.fsck()
        #expect(report.isClean, "fsck: \(report)", sourceLocation: sourceLocation)
    }
}

/// Ledger importer options with a currency.
func options(currency: Currency? = nil, rounding: AmountRounding? = nil) -> LedgerImportOptions {
    var options = LedgerImportOptions()
    options.currency = currency
    options.rounding = rounding
    return options
}

extension ImportReport {
    /// The notes' reasons, without those saying which money accounts were made.
    var itemNotes: [String] {
        notes.map(\.reason).filter { !$0.hasPrefix("made the money account") && !$0.hasPrefix("would make the money account") }
    }
}
