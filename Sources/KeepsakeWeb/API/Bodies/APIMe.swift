import KeepsakeStore
import KeepsakeSupport

/// Who the caller is and what it may do (`GET /api/v1/me`): the token's account, the token's
/// scopes, the books it may read with its role in each (within the token's books), and its storage:
/// the bytes of originals it added and its quota.
struct APIMe: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["account", "token", "books", "storage"], [
            "account": JSONSchema.object(required: ["id", "login", "displayName", "language", "timeZone", "isAdmin"], [
                "id": JSONSchema.uuid, "login": JSONSchema.string(), "displayName": JSONSchema.string(),
                "language": JSONSchema.string(values: ["en", "ko"]), "timeZone": JSONSchema.string(),
                "isAdmin": JSONSchema.described(JSONSchema.boolean(), "Manages accounts; gives no reading of other people's books."),
            ]),
            "token": JSONSchema.object(required: ["id", "name", "readOnly", "books"], [
                "id": JSONSchema.string(), "name": JSONSchema.string(),
                "readOnly": JSONSchema.described(JSONSchema.boolean(), "The token may only read (GET and HEAD); anything else is 403."),
                "books": JSONSchema.described(JSONSchema.nullable(JSONSchema.array(JSONSchema.uuid)),
                                              "The books the token is limited to; null: every book of its account."),
            ]),
            "books": JSONSchema.array(JSONSchema.object(required: ["id", "collection", "name", "role", "canWrite", "canManage"], [
                "id": JSONSchema.uuid, "collection": JSONSchema.string(), "name": JSONSchema.string(),
                "role": JSONSchema.string(values: BookRole.allCases.map(\.rawValue)),
                "canWrite": JSONSchema.described(JSONSchema.boolean(), "The role writes and the token is not read-only."),
                "canManage": JSONSchema.described(JSONSchema.boolean(), "The role manages the book and the token is not read-only."),
            ]), description: "The books the caller may read, by collection and name."),
            "storage": JSONSchema.object(required: ["usedBytes", "quotaBytes"], [
                "usedBytes": JSONSchema.described(JSONSchema.integer(), "Bytes of the originals the account added that are still stored (trash included, thumbnails not)."),
                "quotaBytes": JSONSchema.described(JSONSchema.nullable(JSONSchema.integer()),
                                                   "The most bytes of originals it may add (set by an admin); null: no quota. An upload over it is refused with 507 and code quotaExceeded."),
            ]),
        ])
    }

    /// The account.
    struct AccountBody: Encodable, Sendable {
        let id, login, displayName, language, timeZone: String
        let isAdmin: Bool
    }

    /// The token's scopes.
    struct TokenBody: Encodable, Sendable {
        let id, name: String
        let readOnly: Bool
        @APINull var books: [String]?
    }

    /// One readable book.
    struct BookBody: Encodable, Sendable {
        let id, collection, name, role: String
        let canWrite, canManage: Bool
    }

    /// The account's storage.
    struct StorageBody: Encodable, Sendable {
        let usedBytes: Int64
        @APINull var quotaBytes: Int64?
    }

    let account: AccountBody
    let token: TokenBody
    let books: [BookBody]
    let storage: StorageBody
}

extension APIMe {
    /// What `token`, acting as `account`, may do: `books` with the account's role in each.
    init(account: Account, token: APITokenInfo, books: [(Book, BookRole)], usedBytes: Int64) {
        self.account = AccountBody(id: account.id.string, login: account.login.name, displayName: account.displayName,
                                   language: account.language, timeZone: account.timeZone, isAdmin: account.isAdmin)
        self.token = TokenBody(id: token.id, name: token.name, readOnly: token.readOnly, books: token.books?.map(\.string))
        self.books = books.map { book, role in
            BookBody(id: book.id.string, collection: book.collection.name, name: book.name, role: role.rawValue,
                     canWrite: role.canWrite && !token.readOnly, canManage: role.canManage && !token.readOnly)
        }
        self.storage = StorageBody(usedBytes: usedBytes, quotaBytes: account.quota)
    }
}
