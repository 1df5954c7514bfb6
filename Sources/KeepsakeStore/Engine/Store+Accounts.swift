import Foundation

extension Store {
    /// Makes an account (admins and the local operator). Makes no books: an account's default
    /// books are made when it first writes a record without naming a book.
    ///
    /// - Throws: ``KeepsakeError/Code/conflict`` when the login name is taken; `invalidArgument`
    ///   for a bad display name, language or time zone; `forbidden` for a caller who is not an admin.
    @discardableResult
    public func createAccount(_ draft: AccountDraft) throws -> Account {
        let displayName = try Self.checkedDisplayName(draft.displayName.isEmpty ? draft.login.name : draft.displayName)
        try Self.checkLanguage(draft.language)
        try Self.checkTimeZone(draft.timeZone)
        return try metadata.write(as: caller) { tx in
            try tx.assertLive()
            try requireAdmin(tx)
            let account = Account(id: .random(), login: draft.login, displayName: displayName, language: draft.language, timeZone: draft.timeZone,
                                  isAdmin: draft.isAdmin, disabledAt: nil, passwordHash: draft.passwordHash, credentialVersion: 1, createdAt: clock())
            try tx.insertAccount(account)
            return account
        }
    }

    /// Every account (admins and the local operator), by creation time; for anyone else, just their own.
    public func accounts() throws -> [Account] {
        try metadata.read(as: caller) { tx in
            guard let me = try callerAccount(tx), !me.isAdmin else { return try tx.accounts() }
            return [me]
        }
    }

    /// The account `id`: an admin or the operator sees every account, anyone else only their own
    /// (any other is not found).
    public func account(_ id: AccountID) throws -> Account {
        try metadata.read(as: caller) { tx in
            guard let account = try tx.account(id), try canSee(account, tx) else { throw Self.noSuchAccount(id) }
            return account
        }
    }

    /// The account that logs in as `login` (seen as by ``account(_:)``).
    public func account(login: LoginName) throws -> Account {
        try metadata.read(as: caller) { tx in
            guard let account = try tx.account(login: login), try canSee(account, tx) else {
                throw KeepsakeError(.notFound, "There is no account with the login name \(KeepsakeError.quoted(login.name)).")
            }
            return account
        }
    }

    /// The oldest enabled admin (the one the local operator's records go to), or `nil` if there is
    /// none. Admins and the operator only.
    public func firstAdmin() throws -> Account? {
        try metadata.read(as: caller) { tx in
            if let me = try callerAccount(tx), !me.isAdmin { throw Self.adminNeeded }
            return try Self.firstAdmin(tx)
        }
    }

    /// Changes an account. Anyone changes their own display name, language, time zone and password;
    /// making or unmaking an admin, disabling or enabling, and setting the storage quota need an
    /// admin (or the operator). A password change, disable, enable or admin change bumps
    /// ``Account/credentialVersion``.
    ///
    /// - Throws: `conflict` when it would disable or demote the last enabled admin; `notFound` for
    ///   an account the caller may not see; `forbidden` for a change it may not make.
    @discardableResult
    public func updateAccount(_ id: AccountID, _ change: AccountChange) throws -> Account {
        let displayName = try change.displayName.map(Self.checkedDisplayName)
        if let language = change.language { try Self.checkLanguage(language) }
        if let timeZone = change.timeZone { try Self.checkTimeZone(timeZone) }
        return try metadata.write(as: caller) { tx in
            try tx.assertLive()
            guard let current = try tx.account(id), try canSee(current, tx) else { throw Self.noSuchAccount(id) }
            if caller.readOnly { throw KeepsakeError(.forbidden, "This token may only read; changing an account needs a token that may write.") }
            if change.isAdmin != nil || change.disabled != nil || change.quota != nil { try requireAdmin(tx) }
            var account = current
            if let displayName { account.displayName = displayName }
            if let language = change.language { account.language = language }
            if let timeZone = change.timeZone { account.timeZone = timeZone }
            var credentialsChanged = false
            if let isAdmin = change.isAdmin, isAdmin != account.isAdmin {
                account.isAdmin = isAdmin
                credentialsChanged = true
            }
            if let disabled = change.disabled, disabled != account.isDisabled {
                account.disabledAt = disabled ? clock() : nil
                credentialsChanged = true
            }
            if let quota = change.quota {
                if let bytes = quota, bytes < 0 {
                    throw KeepsakeError(.invalidArgument, "A storage quota cannot be negative (\(bytes) bytes); give a size such as 2GB, or none. Nothing was changed.")
                }
                account.quota = quota
            }
            if let passwordHash = change.passwordHash {
                account.passwordHash = passwordHash
                credentialsChanged = true
            }
            if current.isAdmin, !current.isDisabled, !account.isAdmin || account.isDisabled {
                try requireAnotherAdmin(than: id, tx, doing: account.isDisabled ? "disabled" : "made a non-admin")
            }
            if credentialsChanged { account.credentialVersion += 1 }
            try tx.updateAccount(account)
            return account
        }
    }

    /// Removes an account (admins and the operator). Books it owns that others are members of go to
    /// `heir` (made their owner); books only it was in are deleted with their records and images;
    /// its other memberships end.
    ///
    /// - Throws: `conflict` while it owns books others are members of and no heir is named, or when
    ///   it is the last enabled admin; `notFound` for an account (or heir) that does not exist.
    public func removeAccount(_ id: AccountID, heir: AccountID?) throws {
        // The caller is checked here (an admin); the transactions are bound as the operator's, since
        // they must see every book the account is in, which an admin need not read (on a database
        // with row-level rules an admin's transaction would not see them).
        let solo: [BookID] = try metadata.write(as: .localOperator) { tx in
            try tx.assertLive()
            try requireAdmin(tx)
            guard let account = try tx.account(id) else { throw Self.noSuchAccount(id) }
            if account.isAdmin, !account.isDisabled { try requireAnotherAdmin(than: id, tx, doing: "removed") }
            let shared = try tx.booksOwnedWithOthers(by: id)
            if !shared.isEmpty {
                guard let heir else {
                    throw KeepsakeError(.conflict, "\(account.login) owns \(shared.count) book\(shared.count == 1 ? "" : "s") that others are members of; name the account who takes them over. Nothing was removed.")
                }
                guard heir != id, let heirAccount = try tx.account(heir), !heirAccount.isDisabled else { throw Self.noSuchAccount(heir) }
                for book in shared { try setMembership(.owner, account: heir, in: book, tx) }
            }
            var solo: [BookID] = []
            for book in try tx.books(nil) {
                let members = try tx.members(of: book.id)
                if members.count == 1, members[0].account == id { solo.append(book.id) }
            }
            return solo
        }
        let operatorStore = acting(as: .localOperator)
        for book in solo { try operatorStore.deleteBook(book) }
        try metadata.write(as: .localOperator) { tx in
            try tx.assertLive()
            try requireAdmin(tx)
            guard let account = try tx.account(id) else { return }
            if account.isAdmin, !account.isDisabled { try requireAnotherAdmin(than: id, tx, doing: "removed") }
            try tx.deleteAccount(id)
        }
    }

    // MARK: - Rules

    /// Throws unless the caller manages accounts: the operator, or an enabled admin acting with a
    /// token that may write and is not limited to some books.
    func requireAdmin(_ reader: any MetadataReader) throws {
        guard let me = try callerAccount(reader) else { return }
        guard me.isAdmin else { throw Self.adminNeeded }
        guard !caller.readOnly, caller.books == nil else {
            throw KeepsakeError(.forbidden, "This token may not manage accounts; use one that may write and is not limited to some books.")
        }
    }

    /// Whether the caller sees `account`: the operator and admins see all, others themselves.
    private func canSee(_ account: Account, _ reader: any MetadataReader) throws -> Bool {
        guard let me = try callerAccount(reader) else { return true }
        return me.isAdmin || me.id == account.id
    }

    /// Throws `conflict` unless an enabled admin other than `id` exists.
    private func requireAnotherAdmin(than id: AccountID, _ reader: any MetadataReader, doing what: String) throws {
        guard try reader.accounts().contains(where: { $0.isAdmin && !$0.isDisabled && $0.id != id }) else {
            throw KeepsakeError(.conflict, "This is the last enabled admin, so it cannot be \(what); make another account an admin first. Nothing was changed.")
        }
    }

    static let adminNeeded = KeepsakeError(.forbidden, "Managing accounts needs an admin.")

    static func checkedDisplayName(_ name: String) throws -> String {
        let hasControl = name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" }
        guard (1...100).contains(name.count), !hasControl else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(name)) is not a display name: use 1 to 100 characters without line breaks or control characters.")
        }
        return name
    }

    static func checkLanguage(_ language: String) throws {
        guard ["en", "ko"].contains(language) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(language)) is not a language Keepsake speaks: use en or ko.")
        }
    }

    static func checkTimeZone(_ identifier: String) throws {
        guard TimeZone(identifier: identifier) != nil else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(identifier)) is not a time zone: use an IANA name such as Asia/Seoul or UTC.")
        }
    }
}
