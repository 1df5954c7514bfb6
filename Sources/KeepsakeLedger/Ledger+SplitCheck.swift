import KeepsakeStore

extension Ledger {
    /// The problems of split transactions (for ``check()``): a transaction whose stored parts
    /// cannot be read or do not sum to its amount. Live and trashed
    /// transactions of the books read; empty when every split transaction is sound.
    ///
    /// - Throws: store errors only; a bad record is a problem in the answer, not an error.
    public func splitProblems() throws -> [LedgerProblem] {
        var query = oldestFirst(Self.collection)
        query.trash = .all
        var problems: [LedgerProblem] = []
        try store.forEachPage(of: query) { page in
            for record in page.records where record.fields[Field.splits] != nil {
                do {
                    _ = try Self.transaction(from: record)
                } catch let error as KeepsakeError where error.code == .incompatibleStore {
                    problems.append(LedgerProblem(
                        kind: .splitNotSumming, recordID: record.id,
                        message: "Split transaction \(record.id) cannot be read: \(error.message) Make it unsplit (keepsake ledger edit \(record.id) --no-split) or give it new parts."))
                }
            }
        }
        return problems
    }
}
