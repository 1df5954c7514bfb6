/// Reads one kind of export into an ``ImportPlan``: the records it would create, in the source's
/// order, and what it refused or skipped while reading. An importer never touches the store;
/// ``ImportWriter`` writes a plan (or, on a dry run, reports what it would write).
///
/// Every importer of this module (``DayOneImporter``, ``DaylioImporter``, ``JourneyImporter``,
/// ``OFXImporter``, ``QIFImporter``, ``FireflyImporter``, ``CamtImporter``, ``RulesCSVImporter``)
/// derives each record's id from the source's own id (``SourceRecordID``), so plans of the same
/// export always name the same records.
public protocol Importer: Sendable {
    /// What the importer reads.
    var source: ImportSource { get }
    /// Reads the export. Throws a ``KeepsakeStore/KeepsakeError`` when the export as a whole cannot
    /// be read (missing, not this format, a damaged zip); problems with single items are in the plan.
    func plan() throws -> ImportPlan
}
