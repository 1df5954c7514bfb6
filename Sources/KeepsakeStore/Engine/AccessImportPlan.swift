import Foundation

/// What ``Store/importAccessSnapshot(_:)`` does to a store, decided from what the store holds, or
/// the refusal (the first clash) before anything is written.
struct AccessImportPlan {
    /// Accounts of the snapshot the store already holds (written again).
    var heldAccounts: Set<AccountID> = []
    /// Books of the snapshot the store already holds (written again).
    var heldBooks: Set<BookID> = []
    /// The store's own first admin, replaced (into a store that holds nothing else).
    var accountsToRemove: [AccountID] = []
    /// The store's own empty books, replaced with it.
    var booksToRemove: [BookID] = []

    init(_ snapshot: AccessSnapshot, into reader: any MetadataReader) throws {
        let accounts = try reader.accounts()
        let books = try reader.books(nil)
        let incomingAccounts = Set(snapshot.accounts.map(\.id))
        let incomingBooks = Set(snapshot.books.map(\.id))
        let own = accounts.filter { !incomingAccounts.contains($0.id) }
        if try reader.recordCount() == 0, own.count <= 1, own.allSatisfy({ $0.isAdmin && $0.login.name == "admin" }) {
            // A new store: its first admin and empty books give way to the snapshot's.
            accountsToRemove = own.map(\.id)
            booksToRemove = books.filter { !incomingBooks.contains($0.id) }.map(\.id)
        }
        let removed = Set(accountsToRemove)
        let removedBooks = Set(booksToRemove)
        let byID = Dictionary(uniqueKeysWithValues: accounts.filter { !removed.contains($0.id) }.map { ($0.id, $0) })
        let byLogin = Dictionary(uniqueKeysWithValues: accounts.filter { !removed.contains($0.id) }.map { ($0.login, $0) })
        for account in snapshot.accounts {
            if let held = byID[account.id] {
                guard held.login == account.login else {
                    throw Self.clash("this store holds the account \(account.id) under the login \(held.login.name), not \(account.login.name)")
                }
                heldAccounts.insert(account.id)
            } else if byLogin[account.login] != nil {
                throw Self.clash("this store already has another account with the login \(account.login.name)")
            }
        }
        let keptBooks = books.filter { !removedBooks.contains($0.id) }
        let booksByID = Dictionary(uniqueKeysWithValues: keptBooks.map { ($0.id, $0) })
        for book in snapshot.books {
            if let held = booksByID[book.id] {
                guard held.collection == book.collection else {
                    throw Self.clash("this store holds the book \(book.id) in \(held.collection), not \(book.collection)")
                }
                heldBooks.insert(book.id)
            } else if let owner = book.defaultOf,
                      keptBooks.contains(where: { $0.defaultOf == owner && $0.collection == book.collection && $0.id != book.id }) {
                throw Self.clash("the account \(owner) already has another default book of \(book.collection) in this store")
            }
        }
        let known = incomingAccounts.union(byID.keys)
        if let member = snapshot.members.first(where: { !incomingBooks.contains($0.book) || !known.contains($0.account) }) {
            throw KeepsakeError(.invalidArgument, "The accounts and books to import are incomplete: a membership names the book \(member.book) or the account \(member.account), which they do not hold. Nothing was written.")
        }
    }

    private static func clash(_ what: String) -> KeepsakeError {
        KeepsakeError(.conflict, "The accounts and books cannot be merged into this store: \(what). Import into a new, empty store (it holds only its own first admin), or remove or rename that account first. Nothing was written.")
    }
}
