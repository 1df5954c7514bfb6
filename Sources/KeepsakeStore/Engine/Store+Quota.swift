import Foundation

extension Store {
    /// The storage usage of account `id`: the bytes of the originals it added that are still stored,
    /// trashed records' included until they are purged (thumbnails do not count; originals added by
    /// the local operator count for nobody). The account itself, an admin or the operator.
    ///
    /// - Throws: `notFound` for an account the caller may not see.
    public func storageUsage(of id: AccountID) throws -> Int64 {
        try metadata.read(as: caller) { tx in
            guard let account = try tx.account(id) else { throw Self.noSuchAccount(id) }
            if let me = try callerAccount(tx), !me.isAdmin, me.id != account.id { throw Self.noSuchAccount(id) }
            return try tx.storageUsage(of: id)
        }
    }

    /// The storage usage of every account (admins and the operator; anyone else gets only their own),
    /// by account; accounts that added nothing are missing (their usage is 0).
    public func storageUsage() throws -> [AccountID: Int64] {
        try metadata.read(as: caller) { tx in
            guard let me = try callerAccount(tx), !me.isAdmin else { return try tx.storageUsage() }
            let mine = try tx.storageUsage(of: me.id)
            return mine > 0 ? [me.id: mine] : [:]
        }
    }

    /// Locks the adding account at the commit point of an operation that adds originals, so that
    /// commits for the same account (on any server) check its quota one at a time; returns the
    /// account when it has a quota. Called first in the commit transaction, before any record row
    /// is touched.
    func lockQuotaHolder(_ tx: any MetadataWriter) throws -> Account? {
        guard let id = caller.accountID, let account = try tx.lockAccount(id), account.quota != nil else { return nil }
        return account
    }

    /// Refuses, inside the commit, `adding` bytes of new originals that would take `account` over its
    /// quota (the transaction then rolls back, and the operation removes the objects it stored).
    func requireRoom(for adding: Int64, by account: Account, _ tx: any MetadataWriter) throws {
        guard let quota = account.quota, adding > 0 else { return }
        let usage = try tx.storageUsage(of: account.id)
        guard usage + adding > quota else { return }
        throw Self.quotaExceeded(account, quota: quota, usage: usage, adding: adding)
    }

    static func quotaExceeded(_ account: Account, quota: Int64, usage: Int64, adding: Int64) -> KeepsakeError {
        KeepsakeError(.quotaExceeded, "This upload of \(StorageSize.describe(adding)) (\(adding) bytes) would take \(account.login)'s storage over its quota of \(StorageSize.describe(quota)) (\(quota) bytes): \(StorageSize.describe(usage)) (\(usage) bytes) is used already. Nothing was written; delete photos and empty the trash, or ask an admin to raise the quota.")
    }
}
