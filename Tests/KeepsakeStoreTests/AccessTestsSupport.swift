import Foundation
import KeepsakeTestSupport
@testable import KeepsakeStore

/// A store in a temporary folder with the operator, its first admin and three more accounts, for the
/// tests of the access rule (real SQLite, real images).
struct AccessWorld {
    let directory = TemporaryDirectory()
    /// The store acting as the local operator.
    let store: Store
    let admin: Account
    let alice: Account
    let bob: Account
    let carol: Account

    init() throws {
        store = try TestStores.open(directory)
        admin = try requireAccount(try store.firstAdmin())
        alice = try store.createAccount(AccountDraft(login: try LoginName("alice"), displayName: "Alice"))
        bob = try store.createAccount(AccountDraft(login: try LoginName("bob"), displayName: "Bob", language: "ko", timeZone: "Asia/Seoul"))
        carol = try store.createAccount(AccountDraft(login: try LoginName("carol")))
    }

    /// The store acting as `account`, through a token limited as given.
    func acting(_ account: Account, readOnly: Bool = false, books: Set<BookID>? = nil) -> Store {
        store.acting(as: .account(account.id, readOnly: readOnly, books: books))
    }
}

/// The code of the ``KeepsakeError`` `body` throws, or `nil` when it throws nothing.
func errorCode(_ body: () throws -> Void) -> KeepsakeError.Code? {
    do {
        try body()
        return nil
    } catch let error as KeepsakeError {
        return error.code
    } catch {
        return .unexpected
    }
}

/// The ``KeepsakeError`` `body` throws, or `nil`.
func thrownError(_ body: () throws -> Void) -> KeepsakeError? {
    do {
        try body()
        return nil
    } catch {
        return KeepsakeError.wrapping(error)
    }
}

/// `account`, or a thrown failure when it is `nil`.
func requireAccount(_ account: Account?) throws -> Account {
    guard let account else { throw KeepsakeError(.unexpected, "The store has no first admin.") }
    return account
}
