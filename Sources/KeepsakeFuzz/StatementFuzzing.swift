import Foundation
import KeepsakeImport
import KeepsakeLedger
import KeepsakeStore

/// The checks shared by the bank-statement targets (`ofx`, `qif`, `camt`): the importer reads the
/// input from a file, as `keepsake import` does, and plans it; the plan is then written into a real
/// store, twice.
///
/// - Reading fails only with a ``KeepsakeError``; any other error is a finding.
/// - A plan is the same when the same bytes are read again (ids and summaries come from the bytes).
/// - Every planned transaction has an id of its own (an id repeated in one file gets its occurrence).
/// - Writing the plan stores every planned transaction and refuses nothing more than the plan did,
///   each reads back, and writing it again imports nothing (a second import adds only what is new).
enum StatementFuzzing {
    /// One store for the process, on a memory file system so the writes' fsyncs are cheap.
    static let ledger: Ledger = {
        let root = FuzzStores.folder("statements")
        return Ledger(store: try! Store(location: StoreLocation(root: root), imageProcessor: NoImages()))
    }()

    /// The file each input is written to before its importer reads it.
    static let input: URL = FuzzStores.folder("statement-input").appendingPathComponent("statement")

    /// The options of every import: a currency (QIF requires one, the others fall back to it) and an account.
    static let options: LedgerImportOptions = {
        var options = LedgerImportOptions()
        options.currency = try! Currency(code: "EUR")
        options.account = "fuzz"
        return options
    }()

    /// Runs the checks on `data` read by the importer `make` builds for a file.
    static func check(_ data: Data, _ name: String, _ make: (URL, Ledger, LedgerImportOptions) -> any Importer) {
        do {
            try data.write(to: input)
        } catch {
            fatalError("keepsake-fuzz: cannot write the input file \(input.path): \(error)")
        }
        let importer = make(input, ledger, options)
        guard let plan = planned(importer, name) else { return }
        guard let again = planned(importer, name) else { fatalError("keepsake-fuzz: \(name): the same bytes planned once and refused once") }
        require(plan.items.map(\.id) == again.items.map(\.id) && plan.items.map(\.summary) == again.items.map(\.summary)
                    && plan.skipped.count == again.skipped.count && plan.refused.count == again.refused.count,
                "\(name): the same bytes planned twice gave two plans")
        require(Set(plan.items.map(\.id)).count == plan.items.count, "\(name): two planned transactions share an id")
        require(plan.found == plan.items.count + plan.skipped.count + plan.refused.count, "\(name): found is not items + skipped + refused")
        guard !plan.items.isEmpty else { return }
        let writer = ImportWriter(store: ledger.store)
        do {
            let first = try writer.write(plan)
            require(first.imported.count == plan.items.count && first.refused.count == plan.refused.count,
                    "\(name): \(plan.items.count) planned, \(first.imported.count) imported, \(first.refused.count - plan.refused.count) refused by the store")
            for item in plan.items {
                require(try ledger.store.recordIfPresent(item.id) != nil, "\(name): imported transaction \(item.id) does not read back")
            }
            let second = try writer.write(plan)
            require(second.imported.isEmpty, "\(name): importing the same plan again imported \(second.imported.count) more")
            for item in plan.items { try ledger.store.purge(item.id) }
        } catch let error as KeepsakeError {
            fatalError("keepsake-fuzz: \(name): the store refused a planned import: \(error.code.rawValue): \(error.message)")
        } catch {
            fatalError("keepsake-fuzz: \(name): writing the plan threw an untyped error: \(error)")
        }
    }

    /// The importer's plan, `nil` for a typed refusal; an untyped error stops the process.
    private static func planned(_ importer: any Importer, _ name: String) -> ImportPlan? {
        do {
            return try importer.plan()
        } catch is KeepsakeError {
            return nil
        } catch {
            fatalError("keepsake-fuzz: \(name): plan() threw an untyped error: \(error)")
        }
    }
}
