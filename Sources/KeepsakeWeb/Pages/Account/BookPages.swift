import Foundation
import KeepsakeHTTP
import KeepsakeStore

/// The books page under `/books`: every book the caller reads, app by app, with its role and the
/// members; for a book it owns, forms to rename it, share it with a login name and a role, change
/// a member's role, remove a member, and delete it (after a confirmation page); a form to make a
/// book; and for a book it does not own, a way to leave it.
///
/// Everything is the engine's operation as the request's caller (``CallerApps``): it decides who
/// may do what (a viewer's rename is `403`, a book the caller does not read is `404`, the last
/// owner cannot leave), and the page shows its refusal above the list in the page's language.
struct BookPages: Sendable {
    /// The app: its store as the request's caller and its layout.
    let app: WebApp
    /// The store as the request's caller sees it.
    var store: Store { app.apps.store }
    /// The site layout and error pages.
    var layout: PageLayout { app.layout }

    /// The apps whose books the page shows first, in this order (any other collection follows).
    static let collections: [CollectionName] = ["diary", "ledger", "feed"]

    /// Adds the routes of `/books`.
    static func addRoutes(to group: inout Router<WebRoute>) {
        group.get("/", .page { app, request, _ in BookPages(app: app).booksPage(request) })
        group.post("/", .page { app, request, _ in BookPages(app: app).createBook(request) })
        group.post("/{book:book}/rename", .page { app, request, parameters in BookPages(app: app).rename(request, book(parameters)) })
        group.post("/{book:book}/share", .page { app, request, parameters in BookPages(app: app).share(request, book(parameters)) })
        group.post("/{book:book}/role", .page { app, request, parameters in BookPages(app: app).changeRole(request, book(parameters)) })
        group.post("/{book:book}/remove", .page { app, request, parameters in BookPages(app: app).removeMember(request, book(parameters)) })
        group.get("/{book:book}/delete", .page { app, request, parameters in BookPages(app: app).confirmDelete(request, book(parameters)) })
        group.post("/{book:book}/delete", .page { app, request, parameters in BookPages(app: app).delete(request, book(parameters)) })
    }

    /// The book id of a route's `{book:book}` (the constraint has checked it).
    static func book(_ parameters: RouterParameters) -> BookID {
        (try? BookID(parsing: parameters["book"] ?? "")) ?? BookID.random()
    }

    /// One book as the page shows it: the caller's role and the members with their profiles.
    struct Shown {
        let book: Book
        let role: BookRole
        let members: [(member: BookMember, profile: AccountProfile?)]
    }

    /// The page, with `problem` (a refused change) above the list.
    func booksPage(_ request: WebRequest, problem: AccountProblem? = nil) -> HTTPResponse {
        let t = request.strings
        let shown: [Shown]
        do {
            shown = try store.books().map { book in
                let profiles = Dictionary(try store.profiles(of: book.id).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                return Shown(book: book, role: try store.role(in: book.id) ?? .viewer,
                             members: try store.members(of: book.id).map { ($0, profiles[$0.account]) })
            }
        } catch {
            return layout.errorResponse(error, request)
        }
        let others = Set(shown.map(\.book.collection)).subtracting(Self.collections).sorted()
        var sections: [HTML] = []
        for collection in Self.collections + others {
            let books = shown.filter { $0.book.collection == collection }
            guard !books.isEmpty else { continue }
            sections.append("""
                <section class="app-books" data-collection="\(collection.description)">
                <h2>\(Self.appName(collection, t))</h2>
                \(books.map { card($0, request) })
                </section>
                """)
        }
        let empty: HTML = shown.isEmpty ? "<p class=\"empty\">\(t[.noBooks])</p>" : .empty
        let apps: [HTML] = Self.collections.map { collection in
            "<option value=\"\(collection.description)\"\(request.field("collection") == collection.description ? " selected" : "")>\(Self.appName(collection, t))</option>"
        }
        let body: HTML = """
            <div class="page-head"><h1>\(t[.books])</h1></div>
            \(problem?.markup ?? .empty)
            <p class="hint">\(t[.booksExplanation])</p>
            \(empty)\(sections)
            <h2>\(t[.createBook])</h2>
            <form method="post" action="/books" class="row-form create-book">
            \(PageLayout.csrfField(request))
            <label>\(t[.app]) <select name="collection">\(apps)</select></label>
            <label>\(t[.bookName]) <input type="text" name="name" maxlength="100" required></label>
            <button type="submit" class="primary">\(t[.createBook])</button>
            </form>
            """
        return layout.render(Page(title: t[.books], section: .none, body: body, status: problem?.status ?? .ok), for: request)
    }

    /// One book: its name and the caller's role, the members, and what the caller may do with it.
    private func card(_ shown: Shown, _ request: WebRequest) -> HTML {
        let t = request.strings
        let book = shown.book, id = book.id.string, owns = shown.role.canManage
        let me = request.account?.id
        let csrf = PageLayout.csrfField(request)
        let rows: [HTML] = shown.members.map { member, profile in
            let isMe = member.account == me
            let name: HTML = "\(profile?.displayName ?? "?")\(isMe ? " (\(t[.you]))" : "")"
            let login = profile?.login.name ?? member.account.string
            var role: HTML = "<span class=\"role-badge\">\(t.role(member.role))</span>"
            var actions: HTML = .empty
            if owns {
                role = """
                    <form method="post" action="/books/\(id)/role" class="inline role-form">\(csrf)\
                    <input type="hidden" name="account" value="\(member.account.string)">\
                    <select name="role" aria-label="\(t[.role]) \(login)">\(Self.roleOptions(selected: member.role, t))</select> \
                    <button type="submit">\(t[.changeRole])</button></form>
                    """
                actions = """
                    <form method="post" action="/books/\(id)/remove" class="inline remove-form">\(csrf)\
                    <input type="hidden" name="account" value="\(member.account.string)"><button type="submit" class="danger">\(t[.removeMember])</button></form>
                    """
            }
            let cell: HTML = owns ? "<td class=\"row-actions\">\(actions)</td>" : .empty
            return """
                <tr data-login="\(login)" data-role="\(member.role.rawValue)"><td>\(name)</td><td><code>\(login)</code></td><td>\(role)</td>\(cell)</tr>
                """
        }
        let tools: HTML
        if owns {
            tools = """
                <div class="owner-tools">
                <form method="post" action="/books/\(id)/rename" class="rename-form">\(csrf)
                <label>\(t[.bookName]) <input type="text" name="name" value="\(book.name)" maxlength="100" required></label>
                <button type="submit">\(t[.rename])</button></form>
                <form method="post" action="/books/\(id)/share" class="share-form">\(csrf)
                <label>\(t[.shareWithLogin]) <input type="text" name="login" maxlength="32" autocapitalize="none" spellcheck="false" required></label>
                <label>\(t[.role]) <select name="role">\(Self.roleOptions(selected: .viewer, t, explained: true))</select></label>
                <button type="submit" class="primary">\(t[.shareBook])</button></form>
                <a class="button danger delete-book" href="/books/\(id)/delete">\(t[.deleteBook])</a>
                </div>
                """
        } else if let me {
            tools = """
                <form method="post" action="/books/\(id)/remove" class="inline leave-form">\(csrf)\
                <input type="hidden" name="account" value="\(me.string)"><button type="submit">\(t[.leaveBook])</button></form>
                """
        } else {
            tools = .empty
        }
        let actionsHead: HTML = owns ? "<th scope=\"col\"></th>" : .empty
        let isDefault: HTML = book.defaultOf != nil ? " <span class=\"hint\">(\(t[.defaultBook]))</span>" : .empty
        return """
            <section class="book" id="book-\(id)" data-book="\(id)" data-role="\(shown.role.rawValue)">
            <h3><span class="book-name">\(book.name)</span> <span class="role-badge">\(t.role(shown.role))</span>\(isDefault)</h3>
            <table class="data members"><caption class="visually-hidden">\(t[.members])</caption>
            <thead><tr><th scope="col">\(t[.displayName])</th><th scope="col">\(t[.loginName])</th><th scope="col">\(t[.role])</th>\(actionsHead)</tr></thead>
            <tbody>\(rows)</tbody></table>
            \(tools)
            </section>
            """
    }

    /// The `<option>`s of a role picker.
    static func roleOptions(selected: BookRole, _ t: Strings, explained: Bool = false) -> [HTML] {
        BookRole.allCases.map { role in
            "<option value=\"\(role.rawValue)\"\(role == selected ? " selected" : "")>\(explained ? t.roleExplanation(role) : t.role(role))</option>"
        }
    }

    /// An app's name in the page's language.
    static func appName(_ collection: CollectionName, _ t: Strings) -> String {
        switch collection.description {
        case "diary": t[.diary]
        case "ledger": t[.ledger]
        case "feed": t[.feed]
        default: collection.description
        }
    }

    /// Runs a change, then goes back to the list (at `anchor`), or shows the list with the refusal.
    private func changing(_ request: WebRequest, conflict: Strings.Key? = nil, anchor: BookID? = nil, _ change: () throws -> Void) -> HTTPResponse {
        do {
            try change()
            return .redirect(to: "/books" + (anchor.map { "#book-" + $0.string } ?? ""))
        } catch {
            return booksPage(request, problem: AccountProblem(error, request, layout: layout, conflict: conflict))
        }
    }

    /// `POST /books`: makes a book of an app, owned by the caller.
    func createBook(_ request: WebRequest) -> HTTPResponse {
        var made: BookID?
        let response = changing(request) {
            let collection = try CollectionName(request.field("collection"))
            made = try store.createBook(collection: collection, name: request.field("name").trimmingCharacters(in: .whitespacesAndNewlines)).id
        }
        guard let made, response.status == .seeOther else { return response }
        return .redirect(to: "/books#book-" + made.string)
    }

    /// `POST /books/<id>/rename` (owners).
    func rename(_ request: WebRequest, _ book: BookID) -> HTTPResponse {
        changing(request, anchor: book) {
            _ = try store.renameBook(book, to: request.field("name").trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// `POST /books/<id>/share`: gives the account with that login name the role (owners).
    func share(_ request: WebRequest, _ book: BookID) -> HTTPResponse {
        changing(request, conflict: .lastOwner, anchor: book) {
            let role = try Self.role(request)
            let person = try store.profile(login: try LoginName(request.field("login").trimmingCharacters(in: .whitespaces)))
            try store.setRole(role, for: person.id, in: book)
        }
    }

    /// `POST /books/<id>/role`: changes a member's role (owners; the last owner stays one).
    func changeRole(_ request: WebRequest, _ book: BookID) -> HTTPResponse {
        changing(request, conflict: .lastOwner, anchor: book) {
            try store.setRole(try Self.role(request), for: try AccountID(parsing: request.field("account")), in: book)
        }
    }

    /// `POST /books/<id>/remove`: ends a membership (owners remove anyone, a member may leave; the
    /// last owner cannot go).
    func removeMember(_ request: WebRequest, _ book: BookID) -> HTTPResponse {
        changing(request, conflict: .lastOwner) {
            try store.removeMember(try AccountID(parsing: request.field("account")), from: book)
        }
    }

    /// `GET /books/<id>/delete`: what deleting the book removes, and the button that does it (owners).
    func confirmDelete(_ request: WebRequest, _ id: BookID) -> HTTPResponse {
        let t = request.strings
        let book: Book, records: Int
        do {
            book = try store.book(id)
            guard try store.role(in: id) == .owner else {
                throw KeepsakeError(.forbidden, "Deleting a book needs the owner role in it; ask one of its owners.")
            }
            records = try store.count(book.collection, trash: .all, books: [id])
        } catch {
            return booksPage(request, problem: AccountProblem(error, request, layout: layout))
        }
        let body: HTML = """
            <section class="problem confirm-delete">
            <h1>\(t[.deleteBookTitle])</h1>
            <p class="error" role="alert">\(t.deleteBookWarning(book.name, records: records))</p>
            <form method="post" action="/books/\(id.string)/delete" class="form-actions">
            \(PageLayout.csrfField(request))
            <button type="submit" class="danger">\(t[.deleteForGood])</button>
            <a class="button" href="/books#book-\(id.string)">\(t[.cancel])</a>
            </form>
            </section>
            """
        return layout.render(Page(title: t[.deleteBookTitle], section: .none, body: body), for: request)
    }

    /// `POST /books/<id>/delete`: deletes the book with its records and photos (owners).
    func delete(_ request: WebRequest, _ book: BookID) -> HTTPResponse {
        changing(request) { try store.deleteBook(book) }
    }

    /// The role a form picked.
    static func role(_ request: WebRequest) throws -> BookRole {
        guard let role = BookRole(rawValue: request.field("role")) else {
            throw KeepsakeError(.invalidArgument, "Pick a role: owner, editor or viewer.")
        }
        return role
    }
}
