import Foundation
import Synchronization
import Testing
import KeepsakeTestSupport
import KeepsakeStore

extension StoreConformance {
    /// Membership changes racing a member's writes on another instance (issue 22's race proof).
    @Suite(.serialized) struct AccessRaces {
        static let images = StoreConformance.tiny

        /// An editor uploads into a shared book through one instance while the owner removes it
        /// through another. Each upload either commits whole while the editor is a member (its record
        /// and photos there for the owner) or is refused as not found with nothing written; none
        /// succeeds once the removal has returned; the store is clean afterwards.
        @Test(arguments: StoreBackends.all)
        func membershipRemovedWhileTheMemberUploadsTakesEffectAtOnce(_ backend: StoreBackend) throws {
            let place = try backend.makePlace("membership-race")
            let ownerSide = try place.open(), memberSide = try place.open()
            guard let owner = try ownerSide.firstAdmin() else { throw KeepsakeError(.unexpected, "The store has no first admin.") }
            let member = try ownerSide.createAccount(AccountDraft(login: try LoginName("member")))
            let book = try ownerSide.createBook(collection: "diary", name: "Shared", owner: owner.id)
            try ownerSide.setRole(.editor, for: member.id, in: book.id)
            let asMember = memberSide.acting(as: .account(member.id))

            let removing = Atomic<Bool>(false), removed = Atomic<Bool>(false)
            let made = Mutex<[RecordID]>([]), problems = Mutex<[String]>([])
            let refused = Atomic<Int>(0)
            let failures = concurrently(2) { role in
                if role == 0 {
                    Thread.sleep(forTimeInterval: 0.5)
                    removing.store(true, ordering: .sequentiallyConsistent)
                    try ownerSide.removeMember(member.id, from: book.id)
                    removed.store(true, ordering: .sequentiallyConsistent)
                    return
                }
                let deadline = Date().addingTimeInterval(2)
                var step = 0
                while Date() < deadline {
                    step += 1
                    let afterRemoval = removed.load(ordering: .sequentiallyConsistent)
                    do {
                        let record = try asMember.create(RecordDraft(collection: "diary", fields: ["step": .integer(Int64(step))],
                                                                     images: [.file(Self.images[step % Self.images.count])], book: book.id))
                        made.withLock { $0.append(record.id) }
                        if afterRemoval { problems.withLock { $0.append("upload \(step) succeeded after the removal returned") } }
                    } catch let error as KeepsakeError where error.code == .notFound {
                        refused.add(1, ordering: .relaxed)
                        if !removing.load(ordering: .sequentiallyConsistent) { problems.withLock { $0.append("upload \(step) refused before the removal began: \(error)") } }
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.prefix(3))")
            #expect(problems.withLock { $0 }.isEmpty, "\(problems.withLock { $0.prefix(3) })")
            #expect(refused.load(ordering: .relaxed) > 0, "the member never wrote after the removal: the race was not run")

            // What committed is whole and in the book; nothing of the refused ones is left.
            let committed = made.withLock { $0 }
            #expect(!committed.isEmpty, "the member never wrote before the removal: the race was not run")
            var query = RecordQuery(collection: "diary")
            query.limit = 1000
            query.books = [book.id]
            let inBook = try ownerSide.list(query).records
            #expect(Set(inBook.map(\.id)) == Set(committed))
            for record in inBook {
                #expect(record.images.count == 1 && record.author == member.id)
                #expect(try StoreConformance.isStored(ownerSide, record.images[0].path))
            }
            #expect(errorCode { _ = try asMember.record(committed[0]) } == .notFound)
            let report = try ownerSide.fsck()
            #expect(report.isClean, "\(report)")
            #expect(try ownerSide.intentsInFlight() == 0)
        }
    }
}
