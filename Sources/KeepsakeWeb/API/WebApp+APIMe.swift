import Foundation
import KeepsakeStore

extension WebApp {
    /// `GET /api/v1/me`: the token's account, its scopes, and the books the caller may read with its
    /// role in each (the engine's answer for this caller, so a token's books narrow the list), and
    /// its storage usage and quota.
    func apiMe(_ request: APIRequest) throws -> APIAnswer<APIMe> {
        let store = self.store
        let books = try store.books().map { book -> (Book, BookRole) in
            (book, try store.role(in: book.id) ?? .viewer)
        }
        let usage = try store.storageUsage(of: request.account.id)
        return try APIAnswer(APIMe(account: request.account, token: request.token, books: books, usedBytes: usage))
    }
}
