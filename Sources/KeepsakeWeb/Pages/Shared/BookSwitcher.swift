import KeepsakeHTTP
import KeepsakeStore

/// The book switcher of the diary, ledger and feed pages, and the book select of their compose forms.
///
/// The switcher is a plain `GET` form of the page it is on (no script): `?book=ID` shows only that
/// book, `?book=all` every book the caller reads. The choice is kept per app in a cookie, so the
/// list, the calendar, the chart and the reports of that app stay on it until another is chosen.
/// A remembered book the caller no longer reads (it was removed from it, or another person logged
/// in on this browser) counts as "all books": the engine would show nothing of it anyway.
struct BookSwitcher: Sendable {
    /// The books of the app the caller reads, by name.
    let books: [Book]
    /// The one book the pages show; `nil`: every book.
    let chosen: BookID?
    /// The app's collection.
    let collection: CollectionName
    /// Whether the request chose (`?book=`), so the answer remembers it.
    let choseNow: Bool

    /// The switcher of `collection` for `request`, over `store` acting as its caller. A failure to
    /// list the books shows no switcher (the page shows its own failure when its list fails too).
    init(_ request: WebRequest, collection: CollectionName, store: Store) {
        self.collection = collection
        let readable = (try? store.books(in: collection)) ?? []
        books = readable
        let asked = request.query("book")
        choseNow = asked != nil
        let text = asked ?? request.http.cookies[Self.cookieName(collection)]
        let id = text.flatMap { try? BookID(parsing: $0) }
        chosen = id.flatMap { id in readable.contains { $0.id == id } ? id : nil }
    }

    /// The cookie that remembers the choice of `collection`.
    static func cookieName(_ collection: CollectionName) -> String { "book-\(collection.name)" }

    /// The books a list of the app is limited to (for the app's `books`).
    var filter: Set<BookID>? { chosen.map { [$0] } }

    /// The chosen book's name, for headings; `nil` for all books.
    var chosenName: String? { chosen.flatMap { id in books.first { $0.id == id }?.name } }

    /// The form, for a page at `path` whose other query parameters are `keeping` (a month, a
    /// period); nothing when the caller reads at most one book of the app.
    func markup(_ request: WebRequest, path: String, keeping: [(String, String)] = []) -> HTML {
        guard books.count > 1 else { return .empty }
        let t = request.strings
        let options: [HTML] = books.map { book in
            let mark: HTML = book.id == chosen ? " selected" : ""
            return "<option value=\"\(book.id.string)\"\(mark)>\(book.name)</option>"
        }
        let all: HTML = chosen == nil ? " selected" : ""
        let hidden: [HTML] = keeping.map { "<input type=\"hidden\" name=\"\($0.0)\" value=\"\($0.1)\">" }
        return """
            <form method="get" action="\(path)" class="inline book-switcher">
            \(hidden)<label>\(t.bookLabel) <select name="book"><option value="all"\(all)>\(t.allBooks)</option>\(options)</select></label>
            <button type="submit">\(t.showBook)</button>
            </form>
            """
    }

    /// `response` remembering the choice, when the request made one.
    func remembering(_ response: HTTPResponse) -> HTTPResponse {
        guard choseNow else { return response }
        var response = response
        response.setCookie(Self.cookieName(collection), chosen?.string ?? "all", maxAge: 365 * 86_400, httpOnly: true, sameSite: .lax)
        return response
    }

    /// The select of a compose form: the books of `collection` the caller may write, `selected`
    /// (else the switcher's choice, else the caller's own book) first chosen; an account whose own
    /// book of the app is not made yet (it is made with its first record) is offered it too, as an
    /// option without an id. Nothing when there is only one choice (the record goes there).
    static func composeSelect(_ request: WebRequest, collection: CollectionName, store: Store, selected: BookID?) -> HTML {
        let writable = writableBooks(collection, store: store)
        let switcher = BookSwitcher(request, collection: collection, store: store)
        let own = writable.first { $0.defaultOf != nil && $0.defaultOf == store.caller.accountID }?.id
        let choice = [selected, switcher.chosen, own].compactMap { $0 }.first { id in writable.contains { $0.id == id } }
        var options: [HTML] = writable.map { book in
            let mark: HTML = book.id == choice ? " selected" : ""
            return "<option value=\"\(book.id.string)\"\(mark)>\(book.name)</option>"
        }
        if own == nil, store.caller.accountID != nil {
            let mark: HTML = choice == nil ? " selected" : ""
            options.append("<option value=\"\"\(mark)>\(request.strings.ownNewBook(Store.defaultBookName(collection)))</option>")
        }
        guard options.count > 1 else { return .empty }
        return "<label class=\"book-select\">\(request.strings.bookLabel) <select name=\"book\">\(options)</select></label>"
    }

    /// The books of `collection` the caller of `store` may add records to.
    static func writableBooks(_ collection: CollectionName, store: Store) -> [Book] {
        ((try? store.books(in: collection)) ?? []).filter { book in (try? store.role(in: book.id))?.canWrite == true }
    }

    /// The book a submitted compose form chose (its field `book`); `nil` when it chose none.
    static func submitted(_ request: WebRequest) -> BookID? {
        try? BookID(parsing: request.field("book"))
    }
}
