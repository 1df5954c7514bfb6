import Foundation

extension Store {
    /// Every account, book and membership of this store, as they are (local operator only: it holds
    /// the password hashes).
    ///
    /// - Throws: `forbidden` for any caller but the local operator.
    public func accessSnapshot() throws -> AccessSnapshot {
        try requireOperator("Reading every account with its password hash")
        return try metadata.read(as: .localOperator) { tx in
            let books = try tx.books(nil)
            var members: [BookMember] = []
            for book in books { members += try tx.members(of: book.id) }
            return AccessSnapshot(accounts: try tx.accounts(), books: books, members: members)
        }
    }

    /// Throws what ``importAccessSnapshot(_:)`` would refuse, writing nothing.
    public func checkAccessSnapshot(_ snapshot: AccessSnapshot) throws {
        try requireOperator("Importing accounts and books")
        _ = try metadata.read(as: .localOperator) { try AccessImportPlan(snapshot, into: $0) }
    }

    /// Writes the accounts, books and memberships of `snapshot` as they are (ids, password hashes,
    /// credential versions, times kept), in one write transaction, so that records imported after
    /// it keep their book and author (local operator only: moves and archive imports).
    ///
    /// - Into a store that holds no record and no account but its own first admin (the one every
    ///   new store makes, login `admin`): that admin and the store's empty books are replaced by the
    ///   snapshot's, so the store then holds exactly the snapshot's people and books.
    /// - Into any other store: merged when nothing clashes — every account of the snapshot is
    ///   either new to the store (its id and its login unused) or held with the same id and login
    ///   (it is then written again as the snapshot has it), and every book is new or held with the
    ///   same id and collection. This is what makes a resumed move or a second import of the same
    ///   archive write nothing new.
    ///
    /// - Throws: `conflict` naming the first clash (a login taken by another account, an id held
    ///   with another login or collection, a default book already made), having written nothing;
    ///   `forbidden` for any caller but the local operator.
    public func importAccessSnapshot(_ snapshot: AccessSnapshot) throws {
        try requireOperator("Importing accounts and books")
        try metadata.write(as: .localOperator) { tx in
            try tx.assertLive()
            let plan = try AccessImportPlan(snapshot, into: tx)
            for book in plan.booksToRemove { try tx.deleteBook(book) }
            for account in plan.accountsToRemove { try tx.deleteAccount(account) }
            for account in snapshot.accounts {
                if plan.heldAccounts.contains(account.id) { try tx.updateAccount(account) } else { try tx.insertAccount(account) }
            }
            for book in snapshot.books {
                if plan.heldBooks.contains(book.id) { try tx.updateBook(book) } else { try tx.insertBook(book) }
                let wanted = Dictionary(uniqueKeysWithValues: snapshot.members.filter { $0.book == book.id }.map { ($0.account, $0.role) })
                for member in try tx.members(of: book.id) where wanted[member.account] == nil {
                    try setMembership(nil, account: member.account, in: book.id, tx)
                }
                for (account, role) in wanted.sorted(by: { $0.key < $1.key }) { try setMembership(role, account: account, in: book.id, tx) }
            }
        }
    }

    /// Throws `forbidden` unless the caller is the local operator.
    private func requireOperator(_ what: String) throws {
        guard caller.identity == .localOperator else {
            throw KeepsakeError(.forbidden, "\(what) is for the local operator only: run it without --user, on the machine that holds the store.")
        }
    }
}
