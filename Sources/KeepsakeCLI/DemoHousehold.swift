import Foundation
import KeepsakeFeed
import KeepsakeLedger
import KeepsakeStore
import KeepsakeViewModels

/// The second person of `keepsake demo` and what the two share: the first admin's ledger (a
/// household ledger, with the partner as an editor) and a family feed (a book of its own, both as
/// owners' and editors' posts), each holding records the partner entered, so the shared pages show
/// who entered what. The diary stays private. The partner gets no password: an admin gives it one
/// (`keepsake user passwd jun`) to log in as them.
struct DemoHousehold {
    /// The partner's login name.
    static let login = "jun"
    /// The partner's display name.
    static let displayName = "Jun"
    /// The name of the shared feed book.
    static let familyFeedName = "Family"

    /// Transactions the partner enters into the shared ledger.
    static let ledgerSamples: [DemoCommand.LedgerSample] = [
        .init(daysAgo: 26, kind: .expense, amount: "54000", currency: "KRW", category: "생활", memo: "세제, 휴지", receipt: nil),
        .init(daysAgo: 12, kind: .expense, amount: "38000", currency: "KRW", category: "식비", memo: "시장 장보기", receipt: "landscape.jpg"),
        .init(daysAgo: 3, kind: .expense, amount: "72000", currency: "KRW", category: "공과금", memo: "Gas and electricity", receipt: nil),
    ]

    /// Posts the partner makes in the family feed.
    static let feedSamples: [DemoCommand.FeedSample] = [
        .init(daysAgo: 11, title: "Birds at the zoo", contents: "Found the toucan again. 또 만났다!", photos: ["toucan.png", "parrots.png"]),
        .init(daysAgo: 1, title: "우리 동네 노을", contents: "Sunset from the rooftop.", photos: ["landscape-rotated.jpg", "gallery.webp"]),
    ]

    /// What the household part added.
    struct Summary: Codable {
        /// The partner's login name.
        let partner: String
        /// The names of the books the two share.
        let sharedBooks: [String]
        /// Transactions the partner entered.
        let transactions: Int
        /// Posts the partner made.
        let posts: Int
        /// Photos among them.
        let photos: Int
    }

    /// Adds the partner (or finds it, for `demo --force`), shares the first admin's ledger and a
    /// family feed with it, moves the first admin's `ownPosts` into the family feed, and adds the
    /// partner's samples there.
    @MainActor
    static func fill(_ store: Store, ownPosts: [RecordID], photo: (String) -> ImageSource,
                     day: (_ daysAgo: Int, _ hour: Int) -> Date, ledgerDay: (_ daysAgo: Int) -> CalendarDay,
                     timeZone: TimeZone) async throws -> Summary {
        guard let owner = try store.firstAdmin() else {
            throw CommandFailure(message: "This store has no enabled admin to share the demo's books; enable one with keepsake user enable NAME.")
        }
        let partner = try partnerAccount(store, timeZone: timeZone)
        let ledgerBook = try store.defaultBook(of: owner.id, in: Ledger.collection)
        let family = try store.books(in: FeedItem.collection).first { $0.name == familyFeedName }
            ?? store.createBook(collection: FeedItem.collection, name: familyFeedName, owner: owner.id)
        try store.setRole(.editor, for: partner.id, in: ledgerBook.id)
        try store.setRole(.editor, for: partner.id, in: family.id)
        for post in ownPosts { try store.moveRecord(post, to: family.id) }

        // The partner writes as itself: its records carry it as their author.
        let partnerStore = store.acting(as: .account(partner.id))
        var photos = 0
        let ledger = Ledger(store: partnerStore)
        for sample in ledgerSamples {
            let compose = LedgerComposeViewModel(ledger: ledger, day: ledgerDay(sample.daysAgo), currencyCode: sample.currency)
            compose.kind = sample.kind
            compose.amountText = sample.amount
            compose.category = sample.category
            compose.memo = sample.memo
            compose.newReceipt = sample.receipt.map(photo)
            compose.book = ledgerBook.id
            guard let transaction = await compose.save() else { throw compose.error ?? CommandFailure(message: "A sample transaction of \(displayName) could not be saved.") }
            photos += transaction.receipt == nil ? 0 : 1
        }
        let feed = Feed(store: partnerStore)
        for sample in feedSamples {
            let compose = FeedComposeViewModel(feed: feed, now: day(sample.daysAgo, 19))
            compose.title = sample.title
            compose.contents = sample.contents
            compose.addImages(sample.photos.map(photo))
            compose.book = family.id
            guard let item = await compose.save() else { throw compose.error ?? CommandFailure(message: "A sample post of \(displayName) could not be saved.") }
            photos += item.images.count
        }
        return Summary(partner: login, sharedBooks: [ledgerBook.name, family.name], transactions: ledgerSamples.count, posts: feedSamples.count, photos: photos)
    }

    /// The partner's account: made without a password, or the one a former `demo` made.
    private static func partnerAccount(_ store: Store, timeZone: TimeZone) throws -> Account {
        let name = try LoginName(login)
        do {
            return try store.createAccount(AccountDraft(login: name, displayName: displayName, language: "ko", timeZone: timeZone.identifier))
        } catch let error as KeepsakeError where error.code == .conflict {
            return try store.account(login: name)
        }
    }
}
