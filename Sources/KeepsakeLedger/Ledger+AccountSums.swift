import Foundation
import KeepsakeStore

extension Ledger {
    /// What the transactions of a date range add to each money account, counted by the database.
    struct AccountSums {
        /// Per money account id, income minus expenses in minor units.
        var sums: [RecordID: Int64] = [:]
        /// The ledger books and currencies of transactions stored without an account (whose
        /// account is the book's default one of that currency).
        var defaultKeys: Set<DefaultAccountKey> = []
    }

    /// Income minus expenses of the live transactions dated in `from ..< until`, per money account:
    /// one `GROUP BY` on account, currency, kind and book in the database (``Store/tally(_:)``), so
    /// no transaction is read into memory however long the ledger's history is.
    ///
    /// - Throws: ``KeepsakeError`` `.incompatibleStore` for a transaction whose account, currency
    ///   or kind is not one the ledger writes; `.limitExceeded` when a sum leaves 64 bits.
    func accountSums(from: Date, until: Date) throws -> AccountSums {
        var result = AccountSums()
        guard from < until else { return result }
        let groups = try store.tally(FieldTallyRequest(
            collection: Self.collection, dateFrom: from, dateUntil: until,
            keys: [Field.account, Field.currency, Field.kind], summing: Field.amount, books: books, byBook: true))
        func incompatible(_ what: String) -> KeepsakeError {
            KeepsakeError(.incompatibleStore, "A transaction of the ledger has \(what); it may have been written by a newer version of Keepsake or changed outside the ledger. Run keepsake fsck and keepsake ledger list to find it.")
        }
        for group in groups {
            guard case .string(let code)? = group.values[1], let currency = try? Currency(code: code) else {
                throw incompatible("no valid currency")
            }
            guard case .string(let kindText)? = group.values[2], let kind = TransactionKind(rawValue: kindText) else {
                throw incompatible("no valid kind (income or expense)")
            }
            let id: RecordID
            switch group.values[0] {
            case .string(let text)?:
                guard let parsed = try? RecordID(parsing: text) else { throw incompatible("an account \(KeepsakeError.quoted(text)) that is not a record id") }
                id = parsed
            case nil:
                // Stored without an account and outside every book: no account holds it.
                guard let book = group.book else { continue }
                let key = DefaultAccountKey(book: book, currency: currency)
                result.defaultKeys.insert(key)
                id = Self.defaultAccountID(for: currency, in: book)
            default:
                throw incompatible("an account field that is not text")
            }
            let signed = kind == .income ? group.sum : -group.sum
            let (total, overflow) = result.sums[id, default: 0].addingReportingOverflow(signed)
            guard !overflow, group.sum != .min else {
                throw KeepsakeError(.limitExceeded, "The balance of the money account \(id) does not fit in 64 bits of \(currency.code) minor units.")
            }
            result.sums[id] = total
        }
        return result
    }

    /// The default accounts of `keys` that are not stored (not even in the trash), by currency and book.
    func unstoredDefaultAccounts(_ keys: Set<DefaultAccountKey>) throws -> [LedgerAccount] {
        var result: [LedgerAccount] = []
        for key in keys.sorted(by: { ($0.currency.code, $0.book.string) < ($1.currency.code, $1.book.string) }) {
            let id = Self.defaultAccountID(for: key.currency, in: key.book)
            if try store.recordIfPresent(id) != nil { continue }
            result.append(LedgerAccount(id: id, name: Self.defaultAccountName(key.currency), kind: .cash, openingBalance: .zero(key.currency),
                                        isDefault: true, isStored: false, book: key.book, createdAt: Date(timeIntervalSince1970: 0), version: 0))
        }
        return result
    }
}
