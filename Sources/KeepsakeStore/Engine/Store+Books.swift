import Foundation

extension Store {
    /// The books the caller reads (the operator: all), of one collection or of all, by collection,
    /// name and id.
    public func books(in collection: CollectionName? = nil) throws -> [Book] {
        try metadata.read(as: caller) { tx in
            try tx.books(try access(tx).readable).filter { collection == nil || $0.collection == collection }
        }
    }

    /// The book `id`; not found unless the caller reads it.
    public func book(_ id: BookID) throws -> Book {
        try metadata.read(as: caller) { tx in try readableBook(id, tx, try access(tx)) }
    }

    /// The default book of `account` in `collection`, made (with the account as its owner) if it
    /// does not exist yet; only the account itself and the operator make it. Anyone else gets it if
    /// they read it, and not found otherwise.
    @discardableResult
    public func defaultBook(of account: AccountID, in collection: CollectionName) throws -> Book {
        try metadata.write(as: caller) { tx in
            try tx.assertLive()
            let access = try access(tx)
            let me = try callerAccount(tx)
            if let book = try tx.defaultBook(of: account, in: collection) {
                guard access.canRead(book.id) || me?.id == account else { throw Self.bookNotFound(book.id) }
                return book
            }
            guard me == nil || me?.id == account else {
                throw KeepsakeError(.notFound, "That account has no default book of \(collection) that you may read.")
            }
            guard !caller.readOnly, caller.books == nil else {
                throw KeepsakeError(.forbidden, "This token may not make a new book; use one that may write and is not limited to some books.")
            }
            guard let owner = try tx.account(account), !owner.isDisabled else { throw Self.noSuchAccount(account) }
            return try makeDefaultBook(of: owner.id, in: collection, tx)
        }
    }

    /// Makes a book of `collection` owned by `owner` (the caller's account by default; the
    /// operator must name one; an account makes books only for itself).
    @discardableResult
    public func createBook(collection: CollectionName, name: String, owner: AccountID? = nil) throws -> Book {
        let name = try Book.checkedName(name)
        return try metadata.write(as: caller) { tx in
            try tx.assertLive()
            let me = try callerAccount(tx)
            guard let ownerID = owner ?? me?.id else {
                throw KeepsakeError(.invalidArgument, "Name the account who owns the new book.")
            }
            if let me {
                guard ownerID == me.id else { throw KeepsakeError(.forbidden, "You can make books only for yourself; the owner can share them afterwards.") }
                guard !caller.readOnly, caller.books == nil else {
                    throw KeepsakeError(.forbidden, "This token may not make a new book; use one that may write and is not limited to some books.")
                }
            }
            guard let ownerAccount = try tx.account(ownerID), !ownerAccount.isDisabled else { throw Self.noSuchAccount(ownerID) }
            let book = Book(id: .random(), collection: collection, name: name, defaultOf: nil, createdAt: clock())
            try tx.insertBook(book)
            try tx.setMember(.owner, account: ownerAccount.id, book: book.id)
            return book
        }
    }

    /// Renames a book (its owners).
    @discardableResult
    public func renameBook(_ id: BookID, to name: String) throws -> Book {
        let name = try Book.checkedName(name)
        return try metadata.write(as: caller) { tx in
            try tx.assertLive()
            let access = try access(tx)
            var book = try readableBook(id, tx, access)
            try requireManage(id, access)
            book.name = name
            try tx.updateBook(book)
            return book
        }
    }

    /// Deletes a book (its owners) with every record in it, live and trashed: each record is purged
    /// as by ``purge(_:)``, so its images are removed after its commit; then the book and its
    /// memberships go in one transaction, which refuses (`conflict`) if a record was added meanwhile
    /// and logs a ``ChangeKind/left`` entry per purged record for each member (who no longer reads
    /// the book's own entries once it is gone). Its folders `attachments/<book>/` and
    /// `thumbnails/<book>/` go with it.
    public func deleteBook(_ id: BookID) throws {
        // Every record of the book, of each collection it holds (``CollectionName/bookCollection``).
        let records = try metadata.read(as: caller) { tx in
            let access = try access(tx)
            _ = try readableBook(id, tx, access)
            try requireManage(id, access)
            return try tx.recordIDs(in: id)
        }
        for record in records { try purge(record) }
        // Bound as the operator's once the caller is checked: the members' farewell entries are
        // addressed to them, and a database with row-level rules takes the change rows in at COMMIT,
        // after the memberships that let the caller write them are gone.
        try metadata.write(as: .localOperator) { tx in
            try tx.assertLive()
            let access = try access(tx)
            let book = try readableBook(id, tx, access)
            try requireManage(id, access)
            try logBookDeletion(book, tx)
            try tx.deleteBook(id)
            // Its folders, emptied by the purges (in a store that has folders): the book leaves nothing.
            for area in ["attachments", "thumbnails"] { try blobs.pruneFolder(try RelativePath(components: [area, id.string])) }
        }
    }

    /// The members of a book, owners first, then by login name (anyone who reads it).
    ///
    /// Read in a transaction bound as the operator's once the caller is checked: the order needs
    /// the members' accounts, which a database with row-level rules shows only to themselves and
    /// admins. The same holds for ``profiles(of:)``, ``profile(login:)`` and ``setRole(_:for:in:)``.
    public func members(of book: BookID) throws -> [BookMember] {
        try metadata.read(as: .localOperator) { tx in
            _ = try readableBook(book, tx, try access(tx))
            return try tx.members(of: book)
        }
    }

    /// The profiles of a book's members, in the order of ``members(of:)`` (anyone who reads it):
    /// how a shared book shows who wrote what.
    public func profiles(of book: BookID) throws -> [AccountProfile] {
        try metadata.read(as: .localOperator) { tx in
            _ = try readableBook(book, tx, try access(tx))
            return try tx.members(of: book).compactMap { try tx.account($0.account).map(AccountProfile.init) }
        }
    }

    /// The profile of the enabled account that logs in as `login`, for sharing a book with it (any
    /// enabled account may ask; a disabled or unknown one is not found).
    public func profile(login: LoginName) throws -> AccountProfile {
        try metadata.read(as: .localOperator) { tx in
            _ = try callerAccount(tx)
            guard let account = try tx.account(login: login), !account.isDisabled else {
                throw KeepsakeError(.notFound, "There is no account with the login name \(KeepsakeError.quoted(login.name)).")
            }
            return AccountProfile(account)
        }
    }

    /// Gives `account` `role` in `book`, adding it as a member if it is not one (the book's owners).
    /// A new member's feed gets a ``ChangeKind/shared`` entry for each record of the book.
    ///
    /// - Throws: `conflict` when it would demote the book's last owner.
    public func setRole(_ role: BookRole, for account: AccountID, in book: BookID) throws {
        try metadata.write(as: .localOperator) { tx in  // the account named is looked up: see members(of:)
            try tx.assertLive()
            let access = try access(tx)
            _ = try readableBook(book, tx, access)
            try requireManage(book, access)
            guard try tx.account(account) != nil else { throw Self.noSuchAccount(account) }
            let members = try tx.members(of: book)
            if role != .owner, members.contains(where: { $0.account == account && $0.role == .owner }) {
                try requireAnotherOwner(than: account, in: members)
            }
            try setMembership(role, account: account, in: book, tx)
        }
    }

    /// Ends `account`'s membership of `book`: its owners may remove anyone, and a member may leave.
    /// Its feed gets a ``ChangeKind/left`` entry for each record of the book (no one else's does).
    ///
    /// - Throws: `conflict` for the book's last owner (a book always keeps one).
    public func removeMember(_ account: AccountID, from book: BookID) throws {
        try metadata.write(as: .localOperator) { tx in  // reads the members: see members(of:)
            try tx.assertLive()
            let access = try access(tx)
            _ = try readableBook(book, tx, access)
            if caller.accountID != account || caller.readOnly { try requireManage(book, access) }
            let members = try tx.members(of: book)
            guard let member = members.first(where: { $0.account == account }) else {
                throw KeepsakeError(.notFound, "That account is not a member of this book.")
            }
            if member.role == .owner { try requireAnotherOwner(than: account, in: members) }
            try setMembership(nil, account: account, in: book, tx)
        }
    }

    /// The caller's role in `book` (narrowed by its token: a read-only token is a viewer), or `nil`
    /// when it is not a member; the local operator, who may do everything, is an owner of every book.
    public func role(in book: BookID) throws -> BookRole? {
        try metadata.read(as: caller) { tx in
            let access = try access(tx)
            _ = try readableBook(book, tx, access)
            if access.canManage(book) { return .owner }
            if access.canWrite(book) { return .editor }
            return .viewer
        }
    }

    /// Throws `conflict` unless `members` has an owner other than `account`.
    private func requireAnotherOwner(than account: AccountID, in members: [BookMember]) throws {
        guard members.contains(where: { $0.role == .owner && $0.account != account }) else {
            throw KeepsakeError(.conflict, "This is the book's last owner; make another member an owner first. Nothing was changed.")
        }
    }
}
