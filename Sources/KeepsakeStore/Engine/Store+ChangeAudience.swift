import Foundation

/// The change-log entries addressed to one account: what its mirrors need when what it reads
/// changes without any record changing (issue 22: "a member removed from a book receives tombstones
/// for its records so a mirror drops them; records shared later appear"). Each is written in the
/// transaction of the membership change or book deletion, so a reader sees both or neither.
extension Store {
    /// Gives `account` `role` in `book` (`nil` removes it) in `tx` and, when that begins or ends its
    /// reading of the book, logs one entry per record of the book (trash included) addressed to it:
    /// ``ChangeKind/shared`` when it begins (its mirror fetches them), ``ChangeKind/left`` when it
    /// ends (its mirror drops them). A role change that keeps it a member logs nothing.
    func setMembership(_ role: BookRole?, account: AccountID, in book: BookID, _ tx: any MetadataWriter) throws {
        let wasMember = try tx.members(of: book).contains { $0.account == account }
        try tx.setMember(role, account: account, book: book)
        let kind: ChangeKind
        switch (wasMember, role != nil) {
        case (false, true): kind = .shared
        case (true, false): kind = .left
        default: return
        }
        guard let collection = try tx.book(book)?.collection else { return }
        let at = now()
        for id in try tx.recordIDs(in: book) {
            try tx.appendChange(record: id, collection: collection, book: book, kind: kind, at: at, audience: account)
        }
    }

    /// Logs, in the transaction `tx` that deletes `book` (its records purged already), one
    /// ``ChangeKind/left`` entry addressed to each of its members for each record the log names in
    /// the book that no longer exists: once the book is gone its members no longer read its own
    /// entries (the `deleted` ones of its purged records), so a mirror that had not read them yet
    /// learns from these what to drop. A record that moved on to another book is left alone.
    func logBookDeletion(_ book: Book, _ tx: any MetadataWriter) throws {
        let members = try tx.members(of: book.id)
        guard !members.isEmpty else { return }
        let gone = try tx.goneRecordIDs(loggedIn: book.id)
        let at = now()
        for member in members {
            for (id, collection) in gone {
                try tx.appendChange(record: id, collection: collection, book: book.id, kind: .left, at: at, audience: member.account)
            }
        }
    }
}
