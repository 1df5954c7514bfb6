import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

extension LedgerCommand {
    /// `keepsake ledger export FILE`: every transaction as CSV, from ``Ledger``.
    struct Export: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "export", abstract: "Write every transaction as CSV (- for standard output).",
            discussion: """
                Writes every live transaction (and those in the trash with --include-trash) as CSV: UTF-8,
                RFC 4180, one header row, columns \(Ledger.csvHeader.joined(separator: ",")). Receipts are
                not exported (keepsake export takes everything). FILE - writes to standard output; an
                existing FILE is refused unless --force. The file is written whole or not at all.
                """,
            examples: ["keepsake ledger export ledger.csv", "keepsake ledger export - > ledger.csv"])

        /// Where to write; `-` for standard output.
        @Argument(.file(), hint: "- for standard output") var path: String
        /// The trash too.
        @Flag("--include-trash", help: "Also the transactions in the trash.") var includeTrash: Bool
        /// Replace an existing file.
        @Flag("--force", help: "Replace FILE if it exists.") var force: Bool

        /// Writes the CSV.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let csv = try ledger.exportCSV(includeTrash: includeTrash)
            let count = max(0, CSV.parse(csv).count - 1)
            if path == "-" {
                call.write(Data(csv.utf8))
                return 0
            }
            let url = URL(fileURLWithPath: path)
            if FileManager.default.fileExists(atPath: url.path), !force {
                throw CommandFailure(message: "\(KeepsakeError.printable(path)) already exists; choose another name, or add --force to replace it.")
            }
            do {
                try Data(csv.utf8).write(to: url, options: .atomic)
            } catch {
                throw CommandFailure(message: "Could not write \(KeepsakeError.printable(path)): \(error.localizedDescription)")
            }
            if call.json {
                try call.printJSON(ExportOutput(file: path, transactions: count))
            } else {
                call.print("Exported \(CommandSupport.count(count, "transaction")) to \(path).")
            }
            return 0
        }
    }

    /// `ledger export FILE --json`.
    struct ExportOutput: Encodable {
        let file: String
        let transactions: Int
    }
}
