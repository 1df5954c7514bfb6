import Foundation

extension Store {
    /// Brings a store made before accounts to them, on open (after recovery), in one write
    /// transaction; does nothing on a store that has an account.
    ///
    /// Makes the first admin (login `admin`, display name "Admin", no password), its default book of
    /// every collection that has records, and gives every record without a book that book (and the
    /// admin as its author), and every change row without a book its record's book. A new empty
    /// store gets the admin too, so it can be used as that account at once.
    func upgradeToAccounts() throws {
        guard try metadata.read(as: .localOperator, { try $0.accounts().isEmpty }) else { return }
        do {
            try makeFirstAdminAndAdoptRecords()
        } catch let error as KeepsakeError where error.code == .conflict {
            // Several instances opened the store at the same moment and another one's first admin
            // committed first (the login `admin` is taken): that upgrade is the one; anything else is
            // a real conflict.
            guard try metadata.read(as: .localOperator, { try $0.accounts().isEmpty }) == false else { throw error }
        }
    }

    /// The upgrade's one write transaction (see ``upgradeToAccounts()``).
    private func makeFirstAdminAndAdoptRecords() throws {
        try metadata.write(as: .localOperator) { tx in
            try tx.assertLive()
            guard try tx.accounts().isEmpty else { return }  // another instance upgraded meanwhile
            let admin = Account(id: .random(), login: try LoginName("admin"), displayName: "Admin", language: "en", timeZone: "UTC",
                                isAdmin: true, disabledAt: nil, passwordHash: nil, credentialVersion: 1, createdAt: clock())
            try tx.insertAccount(admin)
            var books: [CollectionName: BookID] = [:]
            for figure in try tx.collectionFigures(books: nil) {
                let collection = try CollectionName(figure.name)
                books[collection] = try makeDefaultBook(of: admin.id, in: collection, tx).id
            }
            try tx.adoptUnattributedRecords(into: books, author: admin.id)
        }
    }
}
