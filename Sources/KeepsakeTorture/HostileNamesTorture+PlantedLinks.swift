import Foundation
import KeepsakeImageCache
import KeepsakeImaging
import KeepsakeStore
import KeepsakeStoreTransfer

extension HostileNamesTorture {
    enum Plant: String, CaseIterable {
        case recordFolder = "record folder attachments/<book>/<id>"
        case bookFolder = "book folder attachments/<book>"
        case attachments = "attachments/"
        case originalFile = "an original file"
        case thumbnailRecordFolder = "thumbnail folder thumbnails/<book>/<id>"
        case thumbnailBookFolder = "thumbnail folder thumbnails/<book>"
        case thumbnails = "thumbnails/"
        case thumbnailFile = "a thumbnail file"
        case cacheFolder = "the cache folder"
        case staging = "staging/"
        case lostAndFound = "lost+found/"
    }

    /// Replaces a folder or file of the store with a link to a copy of it in the sentinel folder,
    /// then runs every operation: none may read, write or remove anything through the link.
    static func checkPlantedLink(_ plant: Plant, scratch: URL, images: [URL], figures: Figures) {
        let label = plant.rawValue
        let root = scratch.appendingPathComponent("plant-\(Plant.allCases.firstIndex(of: plant)!)")
        let sentinel = makeSentinel(scratch.appendingPathComponent("plant-sentinel-\(Plant.allCases.firstIndex(of: plant)!)"))
        do {
            let store = try Store(location: StoreLocation(root: root), imageProcessor: VipsImageProcessor())
            let record = try store.create(RecordDraft(collection: "diary", fields: ["title": .string("r")], images: [.file(images[0]), .file(images[1])]))
            let other = try store.create(RecordDraft(collection: "diary", images: [.file(images[2])]))
            try store.trash(other.id)
            let id = record.id.string
            let book = record.book?.string ?? "diary"
            let target: URL
            switch plant {
            case .recordFolder: target = root.appendingPathComponent("attachments/\(book)/\(id)")
            case .bookFolder: target = root.appendingPathComponent("attachments/\(book)")
            case .attachments: target = root.appendingPathComponent("attachments")
            case .originalFile: target = root.appendingPathComponent(record.images[0].path.string)
            case .thumbnailRecordFolder: target = store.location.thumbnailsDirectory.appendingPathComponent("\(book)/\(id)")
            case .thumbnailBookFolder: target = store.location.thumbnailsDirectory.appendingPathComponent(book)
            case .thumbnails: target = store.location.thumbnailsDirectory
            case .thumbnailFile: target = store.location.cacheDirectory.appendingPathComponent(record.images[0].thumbnailPath(.small).string)
            case .cacheFolder: target = store.location.cacheDirectory
            case .staging: target = root.appendingPathComponent("staging")
            case .lostAndFound: target = root.appendingPathComponent("lost+found")
            }
            // The sentinel holds what the link points at: a copy with the same names.
            let copy = sentinel.appendingPathComponent("target")
            if FileManager.default.fileExists(atPath: target.path) {
                try FileManager.default.moveItem(at: target, to: copy)
            } else {
                try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
                try Data("sentinel".utf8).write(to: copy.appendingPathComponent("keep.txt"))
            }
            try FileManager.default.createSymbolicLink(atPath: target.path, withDestinationPath: copy.path)
            if plant == .lostAndFound {
                // An orphan for fsck --repair to move into lost+found.
                try Data("orphan".utf8).write(to: root.appendingPathComponent(other.images[0].path.parentComponents.joined(separator: "/") + "/image_9-orphan.jpg"))
            }
            let before = fingerprint(sentinel.path)

            var followed: [String] = []
            func attempt(_ what: String, mustRefuse: Bool = false, _ body: () throws -> Void) {
                figures.add("operations through a planted link")
                do {
                    try body()
                    if mustRefuse { followed.append(what) }
                } catch let error as KeepsakeError {
                    checkMessage(error, "\(label): \(what)", figures: figures)
                } catch {
                    figures.fail("\(label): \(what) threw an untyped error \(error)")
                }
            }
            let behindLink = [.recordFolder, .bookFolder, .attachments, .originalFile].contains(plant)
            let folderBehindLink = behindLink && plant != .originalFile
            let thumbnailBehindLink = [.thumbnailRecordFolder, .thumbnailBookFolder, .thumbnails, .thumbnailFile, .cacheFolder].contains(plant)
            let thumbnailFolderBehindLink = thumbnailBehindLink && plant != .thumbnailFile
            let bookBehindLink = [.bookFolder, .attachments, .thumbnailBookFolder, .thumbnails, .cacheFolder, .staging].contains(plant)
            attempt("reading an original", mustRefuse: behindLink) { _ = try store.originalData(of: record.images[0]) }
            attempt("serving an original", mustRefuse: behindLink) { _ = try store.imageBody(of: record.images[0], variant: .original) }
            attempt("serving a thumbnail", mustRefuse: thumbnailBehindLink) { _ = try store.imageBody(of: record.images[0], variant: .thumbnail(.small)) }
            attempt("remaking thumbnails", mustRefuse: behindLink || thumbnailFolderBehindLink) { try store.remakeThumbnails(of: record.images[0]) }
            attempt("adding an image", mustRefuse: folderBehindLink || thumbnailFolderBehindLink || plant == .staging) { try store.addImages([.file(images[2])], to: record.id) }
            attempt("replacing an image") { try store.replaceImage(of: record.id, at: 0, with: .file(images[2])) }
            attempt("removing an image") { try store.removeImage(of: record.id, at: 1) }
            attempt("reordering") { try store.reorderImages(of: record.id, order: Array((0..<(try store.record(record.id).images.count)).reversed())) }
            attempt("setting the image set") { try store.setImages(of: record.id, to: [.new(.file(images[1]))]) }
            attempt("updating fields") { try store.update(record.id, set: ["title": .string("u")]) }
            attempt("creating a record", mustRefuse: bookBehindLink) { try store.create(RecordDraft(collection: "diary", images: [.file(images[1])])) }
            attempt("trashing") { try store.trash(record.id) }
            attempt("restoring") { try store.restore(record.id) }
            attempt("purging the trash") { try store.purgeTrash() }
            attempt("purging a record") { try store.purge(record.id) }
            attempt("opening a second instance") { _ = try Store(location: StoreLocation(root: root), imageProcessor: VipsImageProcessor()) }
            attempt("fsck") { _ = try store.fsck() }
            attempt("exporting") { try StoreArchive(store: store).export(to: scratch.appendingPathComponent("plant-export-\(Plant.allCases.firstIndex(of: plant)!).tar.gz")) }
            attempt("the named image cache") { try NamedImageCache(store: store).save(.file(images[0]), named: "avatar") }
            attempt("fsck --repair") { _ = try store.fsck(repair: true) }
            for what in followed { figures.fail("\(label): \(what) went through the planted link instead of refusing") }
            let after = fingerprint(sentinel.path)
            if after != before { figures.fail("\(label): the sentinel outside the store changed: \(diff(before, after))") }
            figures.add("links planted")
            // After repair the store is consistent again and the link's target still untouched (a
            // link in place of lost+found stops the repair with a typed error, so it stays unclean).
            if plant != .lostAndFound, let report = try? store.fsck(), !report.isClean {
                figures.fail("\(label): fsck after fsck --repair: \(report.summaryLine)")
            }
        } catch {
            figures.fail("\(label): setting up failed: \(describe(error))")
        }
    }
}
