import Foundation
import KeepsakePostgres
@testable import KeepsakePostgresStore
import KeepsakeStore
import KeepsakeTestSupport

/// A store on a fresh schema, opened the way servers should open it: migrated and granted by the
/// owner role (`keepsake`), used through the login role `keepsake_app` that owns nothing; with a
/// household written by the operator through the metadata seam: a shared diary (an owner, an editor,
/// a viewer, and a disabled editor), a stranger with a book of its own, an admin in no book, and one
/// record with an image and a change-log entry in each book.
final class PostgresAccessFixture {
    let store: PostgresMetadataStore
    let schema: String
    let owner = AccountID.random(), editor = AccountID.random(), viewer = AccountID.random()
    let disabled = AccountID.random(), stranger = AccountID.random(), admin = AccountID.random()
    let shared = BookID.random(), strangers = BookID.random()
    let sharedRecord = RecordID(), strangersRecord = RecordID()

    /// Every table under row-level security.
    static let tables = ["record", "attachment", "change", "book", "book_member", "account", "invitation"]

    init(label: String) throws {
        schema = TestSchemas.make()
        store = try PostgresMetadataStore(url: try PostgresStoreURL(Self.withSchema(try Self.appURL(), schema)),
                                          ownerURL: try PostgresStoreURL(Self.withSchema(try TestServers.postgresURL(), schema)))
        try store.write { tx throws in
            for (id, login, isAdmin, disabledAt) in [(owner, "olive", false, nil), (editor, "eddie", false, nil), (viewer, "vera", false, nil),
                                                     (disabled, "dora", false, Date(timeIntervalSince1970: 5)), (stranger, "stan", false, nil),
                                                     (admin, "ada", true, nil)] as [(AccountID, String, Bool, Date?)] {
                try tx.insertAccount(Account(id: id, login: try LoginName(login), displayName: login.capitalized, language: "en", timeZone: "UTC",
                                             isAdmin: isAdmin, disabledAt: disabledAt, passwordHash: nil, credentialVersion: 1,
                                             createdAt: Date(timeIntervalSince1970: 1)))
            }
            try tx.insertBook(Book(id: shared, collection: "diary", name: "Family diary", defaultOf: owner, createdAt: Date(timeIntervalSince1970: 2)))
            try tx.insertBook(Book(id: strangers, collection: "diary", name: "Stan's", defaultOf: stranger, createdAt: Date(timeIntervalSince1970: 2)))
            try tx.setMember(.owner, account: owner, book: shared)
            try tx.setMember(.editor, account: editor, book: shared)
            try tx.setMember(.viewer, account: viewer, book: shared)
            try tx.setMember(.editor, account: disabled, book: shared)
            try tx.setMember(.owner, account: stranger, book: strangers)
            for (record, book, author) in [(sharedRecord, shared, owner), (strangersRecord, strangers, stranger)] {
                try Self.insert(record, book: book, author: author, tx)
                try tx.setImages(of: record, to: [.new(Self.image(of: record, number: 0))])
                try tx.appendChange(record: record, collection: "diary", book: book, kind: .inserted, at: 3)
            }
        }
    }

    deinit { store.close() }

    /// A record of the diary in `book`.
    static func insert(_ id: RecordID, book: BookID, author: AccountID?, _ tx: any MetadataWriter) throws {
        try tx.insertRecord(NewRecord(id: id, collection: "diary", date: 3, fields: ["title": .string("a day")], createdAt: 3, updatedAt: 3,
                                      trashedAt: nil, nextImageNumber: 1, book: book, author: author))
    }

    /// An image row for `record` (the rows alone: these tests look at the metadata).
    static func image(of record: RecordID, number: Int) throws -> NewAttachment {
        NewAttachment(key: try RelativePath("attachments/\(record.string)/\(number).png"), byteSize: 10, sha256: "00", sourceSHA256: "00",
                      mediaType: "image/png", width: 1, height: 1, capturedAt: nil, thumbnailFormat: .png, createdAt: 3)
    }

    /// The URL of the test server's login role `keepsake_app` (it owns nothing, has no BYPASSRLS).
    static func appURL() throws -> String {
        if let url = TestServers.settings["KEEPSAKE_TEST_POSTGRES_APP_URL"], !url.isEmpty { return url }
        return try TestServers.runScript("postgres", ["app-url", "main"])
    }

    /// A metadata store on `schema` through the login role, with the owner role to create it.
    static func appMetadata(schema: String) throws -> PostgresMetadataStore {
        try PostgresMetadataStore(url: try PostgresStoreURL(withSchema(try appURL(), schema)),
                                  ownerURL: try PostgresStoreURL(withSchema(try TestServers.postgresURL(), schema)))
    }

    /// An instance ("a server") of the store on `schema` through the login role, its images in
    /// `directory`.
    static func appStore(schema: String, directory: TemporaryDirectory) throws -> Store {
        let location = StoreLocation(root: directory.url)
        let options = StoreOptions()
        return try TestStores.open(metadata: try appMetadata(schema: schema),
                                   blobs: try FolderBlobStore(location: location, reserveBytes: options.reserveBytes),
                                   location: location, options: options, clock: { Date() }, faults: nil)
    }

    /// `url` naming `schema`.
    static func withSchema(_ url: String, _ schema: String) -> String {
        url + (url.contains("?") ? "&" : "?") + "schema=" + schema
    }

    /// The ids of every row of `table` that `connection` sees: the first column, or the record's id
    /// for `attachment` and `change`.
    static func ids(in table: String, _ connection: PostgresConnection) throws -> [String] {
        let column = table == "attachment" || table == "change" ? 1 : 0  // their record_id
        return try connection.query("SELECT * FROM \(table)").map { try $0.decode(String.self, at: column) }
    }

    /// What each table shows `caller` through the store's own connection: a deliberate `SELECT *`
    /// with no filter, as a wrong query would be. Record ids for `record`, `attachment` and `change`,
    /// book ids for `book` and `book_member`, account ids for `account`.
    func visible(to caller: Caller) throws -> [String: [String]] {
        try store.read(as: caller) { tx in try Self.visible(on: (tx as! PostgresTransaction).connection) }
    }

    /// ``visible(to:)`` on `connection` as it is.
    static func visible(on connection: PostgresConnection) throws -> [String: [String]] {
        var seen: [String: [String]] = [:]
        for table in tables { seen[table] = try ids(in: table, connection).sorted() }
        return seen
    }
}
