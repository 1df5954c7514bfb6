import Foundation
import KeepsakeStore

// TEMPORARY: the engine's account operations (design i22) until branch i22-engine is merged; this
// folder is deleted then. Nothing here is used by a test.
extension Store {
    func acting(as caller: Caller) -> Store { self }
    var caller: Caller { .localOperator }
    func account(_ id: AccountID) throws -> Account { throw Self.standIn }
    func account(login: LoginName) throws -> Account { throw Self.standIn }
    func updateAccount(_ id: AccountID, _ change: AccountChange) throws -> Account { throw Self.standIn }
    func firstAdmin() throws -> Account? { nil }
    func accounts() throws -> [Account] { [] }
    func books(in collection: CollectionName? = nil) throws -> [Book] { [] }
    func role(in book: BookID) throws -> BookRole? { nil }
    private static var standIn: KeepsakeError { KeepsakeError(.unexpected, "accounts are not in this build yet") }
}
extension Store {
    func book(_ id: BookID) throws -> Book { throw KeepsakeError(.notFound, "no book") }
}
