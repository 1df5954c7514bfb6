/// What an import did (or, with ``dryRun``, would do): every item of the source is in exactly one of
/// ``imported``, ``skipped`` and ``refused``; ``notes`` are about items that did come over (a missing
/// photo, a video that was left out, a mood that is not in the mood table).
public struct ImportReport: Sendable, Hashable, Codable {
    /// What was read.
    public var source: ImportSource
    /// The file or folder, as the user named it.
    public var file: String
    /// Whether nothing was written (the lists say what an import would do).
    public var dryRun: Bool
    /// Items found in the source: entries or transactions.
    public var found: Int
    /// Records created (or that would be).
    public var imported: [ImportedRecord]
    /// Items not imported on purpose: already imported by an earlier run, or not a record Keepsake
    /// keeps (a transfer between own accounts, an opening balance, a pending booking).
    public var skipped: [ImportIssue]
    /// Items that could not be imported, with the reason (a bad date, an amount with too many
    /// decimals, an entry whose text is not text).
    public var refused: [ImportIssue]
    /// Things to know about items that came over.
    public var notes: [ImportIssue]

    /// Creates a report.
    public init(source: ImportSource, file: String, dryRun: Bool, found: Int, imported: [ImportedRecord] = [],
                skipped: [ImportIssue] = [], refused: [ImportIssue] = [], notes: [ImportIssue] = []) {
        self.source = source
        self.file = file
        self.dryRun = dryRun
        self.found = found
        self.imported = imported
        self.skipped = skipped
        self.refused = refused
        self.notes = notes
    }

    /// Photos stored with the imported records.
    public var photoCount: Int { imported.reduce(0) { $0 + $1.photos } }

    /// One line saying what happened: `Imported 54 diary entries with 132 photos; skipped 0; refused 0.`
    public var summary: String {
        let noun = source.isDiary ? (imported.count == 1 ? "diary entry" : "diary entries")
                                  : (imported.count == 1 ? "transaction" : "transactions")
        let photos = source.isDiary ? " with \(photoCount) photo\(photoCount == 1 ? "" : "s")" : ""
        let verb = dryRun ? "Would import" : "Imported"
        return "\(verb) \(imported.count) \(noun)\(photos) of \(found) found in \(file); skipped \(skipped.count), refused \(refused.count)."
    }
}
