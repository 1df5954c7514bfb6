public import Foundation

/// A ledger import that wrote nothing because some rows are refused (an amount with too many
/// decimals, a date that cannot be read): a bank statement comes over whole or not at all, unless
/// the caller asks to import the rest. ``report`` lists every refused row with its line.
public struct ImportRefusedError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The report: ``ImportReport/refused`` has every refused row; nothing was imported.
    public let report: ImportReport

    /// Creates the error.
    public init(report: ImportReport) { self.report = report }

    /// One sentence saying what happened and what to do.
    public var message: String {
        let importable = report.imported.count
        return "Nothing was imported: \(report.refused.count) of the \(report.found) transactions in \(report.file) are refused (listed below); "
            + "fix them (an amount with more decimals than its currency has can be rounded with --round), "
            + "or import the \(importable) others with --skip-invalid."
    }

    /// The message.
    public var description: String { message }
    /// The message.
    public var errorDescription: String? { message }
}
