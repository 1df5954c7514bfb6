import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// `ledger-csv`: the whole ledger CSV import on a real store: `validateCSV`, then `importCSV`
/// skipping invalid rows. Errors must be `KeepsakeError`s; the import must create exactly the rows
/// the validation called importable, and each must read back.
enum LedgerCSVFuzzing {
    static let target = FuzzTarget(name: "ledger-csv", summary: "Ledger.validateCSV/importCSV on a real store: typed errors, imports as validated",
                                   check: check, seeds: seeds)

    /// One store for the process, on a memory file system so the import's fsyncs are cheap.
    static let ledger: Ledger = {
        let root = FuzzStores.folder("ledger")
        return Ledger(store: try! Store(location: StoreLocation(root: root), imageProcessor: NoImages()))
    }()

    static func check(_ data: Data) {
        guard let text = String(validating: data, as: UTF8.self) else { return }
        let report: LedgerImportReport
        do {
            report = try ledger.validateCSV(text)
        } catch is KeepsakeError {
            return
        } catch {
            fatalError("keepsake-fuzz: validateCSV threw an untyped error: \(error)")
        }
        guard report.importableCount > 0 else { return }
        do {
            let imported = try ledger.importCSV(text, skipInvalid: true)
            require(imported.imported.count == report.importableCount,
                    "validateCSV said \(report.importableCount) importable, importCSV imported \(imported.imported.count)")
            for id in imported.imported {
                require(try ledger.store.recordIfPresent(id) != nil, "imported transaction \(id) does not read back")
                try ledger.store.purge(id)
            }
        } catch let error as KeepsakeError {
            fatalError("keepsake-fuzz: importCSV refused what validateCSV accepted: \(error.code.rawValue): \(error.message)")
        } catch {
            fatalError("keepsake-fuzz: importCSV threw an untyped error: \(error)")
        }
    }

    static func seeds(_ corpus: URL, _ folder: URL) throws {
        try CSVFuzzing.seeds(corpus, folder)
        let rows = [Ledger.csvHeader,
                    ["", "2025-03-04", "expense", "12.50", "EUR", "groceries", "market"],
                    ["7d3f5e2a-1b4c-4d5e-8f60-718293a4b5c6", "2025-03-05", "income", "1000", "KRW", "salary", "=1+1"],
                    ["", "2025-02-30", "expense", "-3", "USD", "bad", "invalid date"]]
        try Data(CSV.document(rows).utf8).write(to: folder.appendingPathComponent("ledger-rows.csv"))
    }
}
