/// What a caller may do, book by book: resolved once per operation inside its transaction.
public struct BookAccess: Sendable, Hashable {
    /// The books the caller reads; `nil` for all (the local operator).
    public var readable: Set<BookID>?
    /// The books the caller writes records in; `nil` for all.
    public var writable: Set<BookID>?
    /// The books the caller manages (renames, deletes, members); `nil` for all.
    public var manageable: Set<BookID>?

    /// Creates an access value.
    public init(readable: Set<BookID>?, writable: Set<BookID>?, manageable: Set<BookID>?) {
        self.readable = readable
        self.writable = writable
        self.manageable = manageable
    }

    /// Everything: the local operator.
    public static let everything = BookAccess(readable: nil, writable: nil, manageable: nil)
    /// Nothing: a disabled or missing account.
    public static let nothing = BookAccess(readable: [], writable: [], manageable: [])

    /// Whether the caller reads `book` (a record without a book is the operator's only).
    public func canRead(_ book: BookID?) -> Bool { Self.contains(readable, book) }
    /// Whether the caller writes records in `book`.
    public func canWrite(_ book: BookID?) -> Bool { Self.contains(writable, book) }
    /// Whether the caller manages `book`.
    public func canManage(_ book: BookID?) -> Bool { Self.contains(manageable, book) }

    /// `requested` narrowed to what the caller reads (never widened); `nil` means no filter.
    public func readFilter(_ requested: Set<BookID>?) -> Set<BookID>? {
        switch (readable, requested) {
        case (nil, let requested): requested
        case (let readable?, nil): readable
        case (let readable?, let requested?): readable.intersection(requested)
        }
    }

    private static func contains(_ set: Set<BookID>?, _ book: BookID?) -> Bool {
        guard let set else { return true }
        guard let book else { return false }
        return set.contains(book)
    }
}
