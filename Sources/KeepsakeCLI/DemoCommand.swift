import Foundation
import KeepsakeDiary
import KeepsakeFeed
import KeepsakeLedger
import KeepsakeStore
import KeepsakeViewModels

/// `keepsake demo`: fills a store with sample diary entries, ledger transactions and feed posts,
/// with the real sample photos shipped in the tool's `DemoImages` resource. Every record is saved
/// through the same compose view models as `diary add`, `ledger add` and `feed post`.
struct DemoCommand: ParsableCommand {
    /// The command.
    static let command = Command(Self.self)
    /// Its name and help.
    static let configuration = CommandConfiguration(
        "demo", abstract: "Fill the store with sample records and real sample photos.", section: KeepsakeCommand.apps,
        discussion: """
            Fills the store with sample records and real sample photos, to try Keepsake out: three weeks
            of diary entries (Korean and English, with emotions, tags and photos) and, before them, a
            year of short entries every few days plus one on today's date in each of the three years
            before; five weeks of ledger transactions in KRW and USD up to today (two with receipts,
            one split over two categories), budgets for food and leisure from last month on (the rest
            carried over) and for coffee, the monthly rent as a recurring transaction from tomorrow on,
            a bank account with two transfers to cash (one today), and feed posts with several photos each.
            A second person, Jun (login jun, no password until you give one with keepsake user
            passwd jun), shares the first admin's ledger and a "Family" feed book as an editor and
            entered some of their transactions and posts; the diary stays private.
            Dates are relative to today, in your time zone. A store that already has records is refused
            unless --force (then the samples are added beside them). --lossless and --reencode choose
            how the sample photos are stored, as for diary add.
            """,
        examples: ["keepsake --store /tmp/keepsake-demo demo", "keepsake --store /tmp/keepsake-demo diary calendar", "keepsake demo --force --json"])

    /// Fill a store that has records too.
    @Flag("--force", help: "Add the samples to a store that already has records.") var force: Bool
    /// How the sample photos are stored.
    @OptionGroup var encoding: EncodingFlags

    /// Fills the store and prints what was added.
    func run(_ call: Invocation) async throws -> Int32 {
        let store = try call.openStore(encoding)
        let existing = try store.status().totalRecords
        if existing > 0, !force {
            throw CommandFailure(message: "This store already has \(CommandSupport.count(existing, "record")); demo fills an empty store. Add --force to add the samples anyway.")
        }
        let summary = try await Self.fill(store, call)
        if call.json {
            try call.printJSON(summary)
        } else {
            Self.printSummary(summary, call)
        }
        return 0
    }

    /// A sample diary entry: days before today, hour, emotion, intensity, title, text, tags, photos.
    struct DiarySample {
        let daysAgo: Int, hour: Int, emotion: Emotion, intensity: Int
        let title: String?, text: String, tags: [String], photos: [String]
    }

    /// A sample transaction: days before today, kind, amount, currency, category, memo, receipt,
    /// and the parts of a split one (`category=amount` each).
    struct LedgerSample {
        let daysAgo: Int, kind: TransactionKind, amount: String, currency: String
        let category: String, memo: String, receipt: String?
        var splits: [String] = []
    }

    /// A sample post: days before today, title, contents, photos.
    struct FeedSample {
        let daysAgo: Int, title: String, contents: String, photos: [String]
    }

    static let diarySamples: [DiarySample] = [
        .init(daysAgo: 20, hour: 9, emotion: .excitement, intensity: 4, title: "새 프로젝트 시작",
              text: "오늘부터 새 프로젝트. 설레면서도 조금 긴장된다.", tags: ["work", "일"], photos: []),
        .init(daysAgo: 19, hour: 21, emotion: .tiredness, intensity: 3, title: nil,
              text: "Long meetings all day. Early night.", tags: ["work"], photos: []),
        .init(daysAgo: 17, hour: 14, emotion: .joy, intensity: 5, title: "Picnic by the Han river",
              text: "Kimbap, strawberries and a kite that would not fly. 한강에서 피크닉!", tags: ["picnic", "family", "한강"],
              photos: ["landscape.jpg", "parrots.png"]),
        .init(daysAgo: 15, hour: 8, emotion: .calm, intensity: 2, title: "Morning tea",
              text: "보리차 한 잔, 조용한 아침.", tags: ["morning"], photos: ["progressive.jpg"]),
        .init(daysAgo: 13, hour: 19, emotion: .anxiety, intensity: 3, title: nil,
              text: "Deadline moved up a week. Made a list; it helps a little.", tags: ["work"], photos: []),
        .init(daysAgo: 12, hour: 22, emotion: .gratitude, intensity: 4, title: "엄마의 전화",
              text: "엄마가 김치를 보내주셨다. 고마워요.", tags: ["family", "가족"], photos: []),
        .init(daysAgo: 10, hour: 16, emotion: .joy, intensity: 4, title: "Zoo day",
              text: "The toucan stared at me the whole time.", tags: ["outing", "animals"], photos: ["toucan.png", "parrots.png", "gallery.webp"]),
        .init(daysAgo: 8, hour: 20, emotion: .sadness, intensity: 2, title: nil,
              text: "비가 와서 산책을 못 했다.", tags: ["rain"], photos: []),
        .init(daysAgo: 7, hour: 11, emotion: .love, intensity: 5, title: "Anniversary",
              text: "Five years. Dinner at the place where it all started.", tags: ["anniversary", "기념일"],
              photos: ["landscape-rotated.jpg"]),
        .init(daysAgo: 5, hour: 18, emotion: .anger, intensity: 3, title: nil,
              text: "The delivery went to the wrong building again.", tags: [], photos: []),
        .init(daysAgo: 4, hour: 7, emotion: .calm, intensity: 3, title: "Sunrise run",
              text: "한강 따라 5km. 해가 뜨는 걸 봤다.", tags: ["running", "한강"], photos: ["landscape.jpg"]),
        .init(daysAgo: 2, hour: 15, emotion: .excitement, intensity: 5, title: "Tickets booked!",
              text: "Jeju in December. 제주도 간다!", tags: ["travel", "여행"], photos: ["gallery.webp"]),
        .init(daysAgo: 1, hour: 23, emotion: .gratitude, intensity: 3, title: nil,
              text: "A quiet day. Grateful for small things.", tags: [], photos: []),
        .init(daysAgo: 0, hour: 9, emotion: .joy, intensity: 4, title: "Keepsake demo",
              text: "This entry was written by keepsake demo. 사진도 함께 저장된다.", tags: ["demo"], photos: ["parrots.png", "toucan.png"]),
    ]

    /// The sample budgets: category, amount, currency, the month they start, carry-over.
    static func budgetSamples(thisMonth: LedgerMonth, lastMonth: LedgerMonth) -> [(String, String, String, LedgerMonth, Bool)] {
        [("식비", "300000", "KRW", lastMonth, true), ("여가", "100000", "KRW", lastMonth, true), ("Coffee", "30.00", "USD", thisMonth, false)]
    }

    static let ledgerSamples: [LedgerSample] = [
        .init(daysAgo: 34, kind: .income, amount: "3200000", currency: "KRW", category: "급여", memo: "월급", receipt: nil),
        .init(daysAgo: 33, kind: .expense, amount: "850000", currency: "KRW", category: "주거", memo: "월세", receipt: nil),
        .init(daysAgo: 28, kind: .expense, amount: "12000", currency: "KRW", category: "식비", memo: "김밥, 라면", receipt: "progressive.jpg"),
        .init(daysAgo: 25, kind: .expense, amount: "45.90", currency: "USD", category: "Books", memo: "Two paperbacks, online", receipt: nil),
        .init(daysAgo: 21, kind: .expense, amount: "68500", currency: "KRW", category: "식비", memo: "장보기\n이마트", receipt: nil),
        .init(daysAgo: 17, kind: .expense, amount: "23000", currency: "KRW", category: "여가", memo: "한강 피크닉", receipt: nil),
        .init(daysAgo: 14, kind: .income, amount: "250.00", currency: "USD", category: "Freelance", memo: "Logo design", receipt: nil),
        .init(daysAgo: 10, kind: .expense, amount: "30000", currency: "KRW", category: "여가", memo: "동물원 입장료", receipt: "toucan.png"),
        .init(daysAgo: 7, kind: .expense, amount: "96000", currency: "KRW", category: "식비", memo: "기념일 저녁", receipt: nil),
        .init(daysAgo: 4, kind: .expense, amount: "4.50", currency: "USD", category: "Coffee", memo: "Flat white", receipt: nil),
        .init(daysAgo: 2, kind: .expense, amount: "189000", currency: "KRW", category: "여행", memo: "제주 항공권", receipt: nil),
        .init(daysAgo: 1, kind: .expense, amount: "12.99", currency: "USD", category: "Subscriptions", memo: "Music", receipt: nil),
        // Today's, so the current month is never empty (on the 1st, it holds only these).
        .init(daysAgo: 0, kind: .expense, amount: "4800", currency: "KRW", category: "카페", memo: "아이스 아메리카노", receipt: nil),
        .init(daysAgo: 0, kind: .expense, amount: "20000", currency: "KRW", category: "교통", memo: "교통카드 충전", receipt: nil),
        .init(daysAgo: 0, kind: .expense, amount: "36000", currency: "KRW", category: "식비", memo: "마트 장보기", receipt: nil,
              splits: ["식비=24000", "생활=12000"]),
    ]

    static let feedSamples: [FeedSample] = [
        .init(daysAgo: 16, title: "Parrot café review", contents: "Loud, colourful, great coffee. 앵무새 카페 강추!",
              photos: ["parrots.png", "toucan.png", "progressive.jpg"]),
        .init(daysAgo: 9, title: "River walk photo spots", contents: "Three spots along the river for the golden hour.",
              photos: ["landscape.jpg", "landscape-rotated.jpg", "gallery.webp"]),
        .init(daysAgo: 3, title: "제주 준비물", contents: "바람막이, 선크림, 그리고 카메라.", photos: ["gallery.webp", "landscape.jpg"]),
    ]

    /// Adds every sample to `store`, with progress on standard error; dates are relative to today
    /// in the user's time zone.
    @MainActor
    static func fill(_ store: Store, _ call: Invocation) async throws -> Summary {
        guard let folder = Bundle.module.url(forResource: "DemoImages", withExtension: nil) else {
            throw CommandFailure(message: "The sample photos are missing from this installation of keepsake (DemoImages); reinstall it.")
        }
        func photo(_ name: String) -> ImageSource { .file(folder.appendingPathComponent(name)) }
        let diary = Diary(store: store), ledger = Ledger(store: store), feed = Feed(store: store)
        let zone = call.timeZone
        let today = CalendarDay(containing: Date(), in: zone)
        func day(_ daysAgo: Int, hour: Int = 12) -> Date {
            today.adding(days: -daysAgo).start(in: zone).addingTimeInterval(TimeInterval(hour) * 3600)
        }

        let yearSamples = DemoDiaryYear.samples(today: today, recentDays: diarySamples.map(\.daysAgo).max() ?? 0)
        let total = yearSamples.count + diarySamples.count + ledgerSamples.count + feedSamples.count
        let progress = call.progress("demo")
        var done = 0, photos = 0
        func step() {
            done += 1
            progress.update(done, total)
        }
        defer { progress.finish() }

        for sample in yearSamples {
            let compose = DiaryComposeViewModel(diary: diary, emotion: sample.emotion,
                                                now: sample.day.start(in: zone).addingTimeInterval(TimeInterval(sample.hour) * 3600), timeZone: zone)
            compose.intensity = sample.intensity
            compose.title = sample.title ?? ""
            compose.text = sample.text
            compose.tagsText = sample.tags.joined(separator: ", ")
            guard await compose.save() != nil else { throw compose.error ?? CommandFailure(message: "A sample diary entry could not be saved.") }
            step()
        }
        for sample in diarySamples {
            let compose = DiaryComposeViewModel(diary: diary, emotion: sample.emotion, now: day(sample.daysAgo, hour: sample.hour), timeZone: zone)
            compose.intensity = sample.intensity
            compose.title = sample.title ?? ""
            compose.text = sample.text
            compose.tagsText = sample.tags.joined(separator: ", ")
            compose.addImages(sample.photos.map(photo))
            guard let entry = await compose.save() else { throw compose.error ?? CommandFailure(message: "A sample diary entry could not be saved.") }
            photos += entry.images.count
            step()
        }
        for sample in ledgerSamples {
            let compose = LedgerComposeViewModel(ledger: ledger, day: today.adding(days: -sample.daysAgo), currencyCode: sample.currency)
            compose.kind = sample.kind
            compose.amountText = sample.amount
            compose.category = sample.category
            compose.memo = sample.memo
            compose.newReceipt = sample.receipt.map(photo)
            if !sample.splits.isEmpty { compose.splitTexts = sample.splits }
            guard let transaction = await compose.save() else { throw compose.error ?? CommandFailure(message: "A sample transaction could not be saved.") }
            photos += transaction.receipt == nil ? 0 : 1
            step()
        }
        // Budgets from last month on (food and leisure carry their rest over), so this month shows
        // spent against budget with what last month left.
        let thisMonth = today.calendarMonth, lastMonth = today.calendarMonth.previous ?? today.calendarMonth
        for (category, amount, currency, month, carryOver) in DemoCommand.budgetSamples(thisMonth: thisMonth, lastMonth: lastMonth) {
            try ledger.setBudget(LedgerBudgetDraft(category: category, amount: try Money(parsing: amount, currency: try Currency(code: currency)),
                                                   month: month, carryOver: carryOver))
        }
        // The monthly rent as a recurring rule from tomorrow on (this month's rent is already among
        // the samples): listed as upcoming until its day comes.
        let rentDay = today.adding(days: -(ledgerSamples.first { $0.memo == "월세" }?.daysAgo ?? 33)).day
        try ledger.createRecurring(LedgerRecurringDraft(kind: .expense, amount: try Money(parsing: "850000", currency: .krw), category: "주거", memo: "월세",
                                                        schedule: .monthly(day: rentDay), start: today.adding(days: 1)))
        let accountRecordsBefore = try store.count(Ledger.accountCollection)
        try addMoneyAccounts(ledger, today: today)
        let accountRecords = try store.count(Ledger.accountCollection) - accountRecordsBefore
        var ownPosts: [RecordID] = []
        for sample in feedSamples {
            let compose = FeedComposeViewModel(feed: feed, now: day(sample.daysAgo, hour: 18))
            compose.title = sample.title
            compose.contents = sample.contents
            compose.addImages(sample.photos.map(photo))
            guard let item = await compose.save() else { throw compose.error ?? CommandFailure(message: "A sample post could not be saved.") }
            photos += item.images.count
            ownPosts.append(item.id)
            step()
        }
        progress.finish()
        let household = try await DemoHousehold.fill(store, ownPosts: ownPosts, photo: photo, day: { day($0, hour: $1) },
                                                     ledgerDay: { today.adding(days: -$0) }, timeZone: zone)
        return Summary(diaryEntries: yearSamples.count + diarySamples.count, transactions: ledgerSamples.count + household.transactions,
                       budgets: budgetSamples(thisMonth: thisMonth, lastMonth: lastMonth).count, recurringRules: 1,
                       posts: feedSamples.count + household.posts, accountRecords: accountRecords, photos: photos + household.photos,
                       store: try CommandSupport.storeName(store), household: household)
    }

    /// A bank account beside the default Cash KRW of the sample transactions, with a withdrawal to
    /// cash three weeks ago and one today (so the current month has a transfer too).
    static func addMoneyAccounts(_ ledger: Ledger, today: CalendarDay) throws {
        // With --force on a store that has them already, the samples' bank is the one there.
        let bank = try ledger.accounts().first(where: { $0.name == "Shinhan" && $0.currency == .krw })
            ?? ledger.createAccount(LedgerAccountDraft(name: "Shinhan", kind: .bank, openingBalance: Money(minorUnits: 2_500_000, currency: .krw)))
        guard let cash = try ledger.accounts().first(where: { $0.isDefault && $0.currency == .krw })?.id else {
            throw CommandFailure(message: "The sample transactions in KRW have no default account (Cash KRW); the demo cannot add its transfers.")
        }
        for (daysAgo, amount) in [(21, 200_000), (0, 100_000)] as [(Int, Int64)] {
            try ledger.createTransfer(LedgerTransferDraft(date: today.adding(days: -daysAgo), from: bank.id, to: cash,
                                                          amount: Money(minorUnits: amount, currency: .krw), memo: "ATM"))
        }
    }

    /// What `demo` says it added.
    static func printSummary(_ summary: Summary, _ call: Invocation) {
        call.print("Added \(summary.diaryEntries) diary entries, \(summary.transactions) transactions, \(summary.budgets) budgets, \(summary.recurringRules) recurring rule and \(summary.posts) posts with \(summary.photos) photos to \(summary.store).")
        let shared = summary.household.sharedBooks.map { "\"\($0)\"" }.joined(separator: " and ")
        call.print("\(DemoHousehold.displayName) (login \(summary.household.partner)) shares the \(shared) books and entered \(summary.household.transactions) of the transactions and \(summary.household.posts) of the posts; the diary stays private. To log in as \(DemoHousehold.displayName): keepsake user passwd \(summary.household.partner).")
        call.print("Try: keepsake diary list, keepsake diary calendar, keepsake ledger report, keepsake feed list.")
    }

    /// What `demo` added (`Decodable` for the tests that read it back).
    struct Summary: Codable {
        let diaryEntries: Int
        let transactions: Int
        let budgets: Int
        let recurringRules: Int
        let posts: Int
        /// Money accounts and transfers stored (records of ``Ledger/accountCollection``).
        let accountRecords: Int
        let photos: Int
        let store: String
        /// The second person and the books the two share.
        let household: DemoHousehold.Summary
    }
}
