extension Strings {
    /// The label of the book switcher and of the compose forms' book select.
    var bookLabel: String { pick("Book", "책") }
    /// The switcher's choice of every book.
    var allBooks: String { pick("All books", "모든 책") }
    /// The compose select's choice of the caller's own book of the app, not made yet ("Ledger").
    func ownNewBook(_ name: String) -> String { pick("\(name) (your own)", "\(name) (내 책)") }
    /// The switcher's button.
    var showBook: String { pick("Show", "보기") }
}
