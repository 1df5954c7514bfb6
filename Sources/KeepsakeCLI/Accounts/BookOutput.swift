import Foundation
import KeepsakeStore

/// A book as the book commands print it (text or `--json`): its id, app, name, the caller's role in
/// it (none for the local operator outside it) and whose default book it is.
struct BookOutput: Encodable {
    let id: String
    let app: String
    let name: String
    let role: String?
    let defaultOf: String?
    let createdAt: Date

    /// The output of `book`, for a caller whose role in it is `role`; `logins` name the default's owner.
    init(_ book: Book, role: BookRole?, logins: [AccountID: LoginName]) {
        id = book.id.string
        app = book.collection.description
        name = book.name
        self.role = role?.rawValue
        defaultOf = book.defaultOf.map { logins[$0]?.description ?? $0.string }
        createdAt = book.createdAt
    }

    /// One line: id, app, role, name (and whose default book it is).
    var line: String {
        let owner = defaultOf.map { "  (default of \($0))" } ?? ""
        return "\(id)  \(CommandSupport.pad(app, to: 7)) \(CommandSupport.pad(role ?? "-", to: 7)) \(name)\(owner)"
    }
}
