import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// Books: members, roles, the last owner, renaming and deleting.
@Suite struct BookRulesTests {
    let images = Corpus.smallImages

    @Test func theLastOwnerCannotLeaveOrBeDemoted() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob)
        let book = try alice.createBook(collection: "feed", name: "Family")
        #expect(errorCode { try alice.removeMember(world.alice.id, from: book.id) } == .conflict)
        #expect(errorCode { try alice.setRole(.editor, for: world.alice.id, in: book.id) } == .conflict)
        #expect(errorCode { try world.store.removeMember(world.alice.id, from: book.id) } == .conflict)

        try alice.setRole(.viewer, for: world.bob.id, in: book.id)
        try bob.removeMember(world.bob.id, from: book.id)  // a member may leave
        #expect(errorCode { _ = try bob.book(book.id) } == .notFound)

        try alice.setRole(.owner, for: world.bob.id, in: book.id)
        try alice.setRole(.viewer, for: world.alice.id, in: book.id)  // another owner exists now
        #expect(try alice.role(in: book.id) == .viewer)
        #expect(try bob.members(of: book.id).map(\.role) == [.owner, .viewer])
        #expect(errorCode { try bob.removeMember(world.bob.id, from: book.id) } == .conflict)
        #expect(errorCode { try alice.removeMember(world.bob.id, from: book.id) } == .forbidden)
        try bob.removeMember(world.alice.id, from: book.id)
        #expect(errorCode { _ = try alice.book(book.id) } == .notFound)
    }

    @Test func anOwnerRenamesAndDeletesABookWithItsRecordsAndImages() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob)
        let book = try alice.createBook(collection: "diary", name: "Trip")
        #expect(errorCode { _ = try alice.createBook(collection: "diary", name: "") } == .invalidArgument)
        #expect(errorCode { _ = try alice.createBook(collection: "diary", name: "a\nb") } == .invalidArgument)
        #expect(errorCode { _ = try world.store.createBook(collection: "diary", name: "Nobody's") } == .invalidArgument)
        #expect(errorCode { _ = try alice.createBook(collection: "diary", name: "Bob's", owner: world.bob.id) } == .forbidden)
        #expect(try alice.renameBook(book.id, to: "Summer trip").name == "Summer trip")
        let kept = try alice.create(RecordDraft(collection: "diary"))
        let first = try alice.create(RecordDraft(collection: "diary", images: [.file(images[0]), .file(images[1])], book: book.id))
        let second = try alice.trash(try alice.create(RecordDraft(collection: "diary", images: [.file(images[2])], book: book.id)).id)
        let files = (first.images + second.images).map { world.directory.appending($0.path.string).path }
        #expect(files.allSatisfy(FileManager.default.fileExists))
        try alice.setRole(.editor, for: world.bob.id, in: book.id)
        #expect(errorCode { try bob.deleteBook(book.id) } == .forbidden)

        try alice.deleteBook(book.id)
        #expect(errorCode { _ = try alice.book(book.id) } == .notFound)
        #expect(try world.store.recordIfPresent(first.id) == nil)
        #expect(try world.store.recordIfPresent(second.id) == nil)
        #expect(!files.contains(where: FileManager.default.fileExists))
        #expect(try alice.record(kept.id).id == kept.id)
        #expect(try world.store.fsck().isClean)
    }

    @Test func membersSeeEachOthersProfilesAndAnOwnerFindsWhomToShareWith() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob)
        let book = try alice.createBook(collection: "feed", name: "Family")
        let found = try alice.profile(login: try LoginName("Bob"))
        #expect(found == AccountProfile(id: world.bob.id, login: try LoginName("bob"), displayName: "Bob"))
        #expect(errorCode { _ = try alice.profile(login: try LoginName("nobody")) } == .notFound)
        try alice.setRole(.viewer, for: found.id, in: book.id)
        #expect(try bob.profiles(of: book.id).map(\.displayName) == ["Alice", "Bob"])
        #expect(errorCode { _ = try world.acting(world.carol).profiles(of: book.id) } == .notFound)
        _ = try world.store.updateAccount(world.carol.id, AccountChange(disabled: true))
        #expect(errorCode { _ = try alice.profile(login: try LoginName("carol")) } == .notFound)
    }
}
