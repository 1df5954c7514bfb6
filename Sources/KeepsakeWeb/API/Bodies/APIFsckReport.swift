import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// The report of a store check (`POST /api/v1/store/fsck`).
struct APIFsckReport: APIResponseBody {
    static var schema: JSONValue {
        let findings = JSONSchema.array(JSONSchema.object(required: ["recordID", "attachmentID", "path"], [
            "recordID": JSONSchema.string(), "attachmentID": JSONSchema.integer(), "path": JSONSchema.string(),
        ]))
        let strings = JSONSchema.array(JSONSchema.string())
        let ledgerProblems = JSONSchema.array(JSONSchema.object(required: ["kind", "recordID", "message"], [
            "kind": JSONSchema.string(values: LedgerProblem.Kind.allCases.map(\.rawValue)), "recordID": JSONSchema.string(), "message": JSONSchema.string(),
        ]))
        return JSONSchema.object(required: ["isClean", "recordsChecked", "attachmentsChecked", "filesScanned", "intentsRecovered", "danglingReferences",
                                            "orphanFiles", "hashMismatches", "missingThumbnails", "orphanThumbnails", "unexpectedEntries", "imagesOutsideTheirBook", "repairs",
                                            "unrepairable", "ledgerProblems"], [
            "isClean": JSONSchema.boolean(), "recordsChecked": JSONSchema.integer(), "attachmentsChecked": JSONSchema.integer(),
            "filesScanned": JSONSchema.integer(), "intentsRecovered": JSONSchema.integer(), "danglingReferences": findings, "orphanFiles": strings,
            "hashMismatches": findings, "missingThumbnails": strings, "orphanThumbnails": strings, "unexpectedEntries": strings, "imagesOutsideTheirBook": findings, "repairs": strings,
            "unrepairable": strings, "ledgerProblems": ledgerProblems,
        ])
    }

    /// A record's image whose file is missing or damaged.
    struct Finding: Encodable, Sendable {
        let recordID: String
        let attachmentID: Int64
        let path: String
    }

    let isClean: Bool
    let recordsChecked, attachmentsChecked, filesScanned, intentsRecovered: Int
    let danglingReferences: [Finding]
    let orphanFiles: [String]
    let hashMismatches: [Finding]
    let missingThumbnails, orphanThumbnails, unexpectedEntries: [String]
    /// Images stored before books had folders, outside their book's folder (not a problem; repair moves them).
    let imagesOutsideTheirBook: [Finding]
    let repairs, unrepairable: [String]
    /// The ledger's broken invariants: a transfer whose account is missing, a recurring day made
    /// twice, a split that does not sum.
    let ledgerProblems: [LedgerProblem]

    /// `check`'s report and verdict.
    init(_ check: StoreCheck) {
        let report = check.report
        func findings(_ list: [FsckReport.Finding]) -> [Finding] {
            list.map { Finding(recordID: $0.recordID, attachmentID: $0.attachmentID, path: $0.path) }
        }
        isClean = check.isClean
        recordsChecked = report.recordsChecked
        attachmentsChecked = report.attachmentsChecked
        filesScanned = report.filesScanned
        intentsRecovered = report.intentsRecovered
        danglingReferences = findings(report.danglingReferences)
        orphanFiles = report.orphanFiles
        hashMismatches = findings(report.hashMismatches)
        missingThumbnails = report.missingThumbnails
        orphanThumbnails = report.orphanThumbnails
        unexpectedEntries = report.unexpectedEntries
        imagesOutsideTheirBook = findings(report.imagesOutsideTheirBook)
        repairs = report.repairs
        unrepairable = report.unrepairable
        ledgerProblems = check.ledgerProblems
    }
}
