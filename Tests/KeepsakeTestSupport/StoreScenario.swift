public import Foundation
public import KeepsakeStore

/// One store operation for the tests that break operations halfway (a failing file-system or
/// backend call, a PostgreSQL session ended under it): how the store is set up first, and the
/// operation. The scenarios below are written once for all of them.
public struct StoreScenario: Sendable, CustomStringConvertible {
    /// The name tests print.
    public let name: String
    /// Brings a fresh store to the before-state.
    public let setUp: @Sendable (Store) throws -> Void
    /// The operation under test.
    public let operation: @Sendable (Store) throws -> Void
    /// A repair of re-creatable thumbnails: a failure may leave some made again (progress, not a mix
    /// of records), and the store is clean once a repair succeeds.
    public var repairsThumbnails: Bool

    /// A scenario named `name`.
    public init(name: String, setUp: @escaping @Sendable (Store) throws -> Void, operation: @escaping @Sendable (Store) throws -> Void,
                repairsThumbnails: Bool = false) {
        self.name = name
        self.setUp = setUp
        self.operation = operation
        self.repairsThumbnails = repairsThumbnails
    }

    /// The name.
    public var description: String { name }

    /// The record the scenarios work on.
    public static let recordID = try! RecordID(parsing: "11111111-2222-4333-8444-555555555555")
    /// Small images of the corpus they store.
    public static let images = [Corpus.url("png/basn2c08.png"), Corpus.url("jpeg/testorig.jpg"), Corpus.url("webp/test.webp"), Corpus.url("png/toucan.png")]

    /// The set-up of most scenarios: the record, with a title and two images.
    public static let withRecord: @Sendable (Store) throws -> Void = { store in
        try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: 0), fields: ["title": .string("t")],
                                     images: [.file(images[0]), .file(images[1])], id: recordID))
    }

    /// The record created with two images.
    public static let create = StoreScenario(name: "create", setUp: { _ in }, operation: { store in
        try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: 0), images: [.file(images[0]), .file(images[1])], id: recordID))
    })
    /// An image added.
    public static let addImage = StoreScenario(name: "add image", setUp: withRecord) { try $0.addImages([.file(images[2])], to: recordID) }
    /// The first image replaced.
    public static let replaceImage = StoreScenario(name: "replace image", setUp: withRecord) {
        try $0.replaceImage(of: recordID, at: 0, with: .file(images[3]))
    }
    /// The second image removed.
    public static let removeImage = StoreScenario(name: "remove image", setUp: withRecord) { try $0.removeImage(of: recordID, at: 1) }
    /// The two images swapped.
    public static let reorder = StoreScenario(name: "reorder", setUp: withRecord) { try $0.reorderImages(of: recordID, order: [1, 0]) }
    /// The whole set of images replaced by new ones.
    public static let replaceWholeSet = StoreScenario(name: "replace whole set", setUp: withRecord) {
        try $0.setImages(of: recordID, to: [.new(.file(images[1])), .new(.file(images[3]))])
    }
    /// The record moved to the trash.
    public static let trash = StoreScenario(name: "trash", setUp: withRecord) { try $0.trash(recordID) }
    /// The record removed for good.
    public static let purge = StoreScenario(name: "purge", setUp: withRecord) { try $0.purge(recordID) }

    /// Every operation on a record and its images, in that order.
    public static let recordOperations = [create, addImage, replaceImage, removeImage, reorder, replaceWholeSet, trash, purge]
}
