import Foundation
import KeepsakeStore
import KeepsakeSupport

extension StoreMover {
    /// Step 4 for one record: skipped if the target holds it identical, else its images read and
    /// checked, the record imported atomically, and read back.
    func copy(_ record: Record, access: Bool, counters: inout Counters) throws {
        if let held = try onTarget("read a record", record: record.id, { try target.recordIfPresent(record.id) }) {
            try requireSame(record, held, access: access, nothingWritten: false)
            counters.skipped += 1
            return
        }
        let images = record.images.sorted { $0.position < $1.position }
        var bytes: [Data] = []
        bytes.reserveCapacity(images.count)
        for image in images {
            let data = try onSource("read the image \(image.path)", record: record.id, key: image.path.string) { try source.blobs.read(image.path) }
            guard Int64(data.count) == image.byteSize, SHA256.hex(data) == image.sha256 else {
                throw StoreMoveError(.damagedSource, "The source's image \(image.path) of the record \(record.id) (\(record.collection)) does not match the size and SHA-256 its record names: the source is damaged. Nothing was written for this record; every record copied before it is whole. Restore the image from a backup (or remove it from the record), check the source, then run the move again to resume.",
                                     recordID: record.id, key: image.path.string)
            }
            bytes.append(data)
        }
        let created = try onTarget("store the record", record: record.id) { try target.importRecord(record, imageBytes: bytes) }
        guard let stored = try onTarget("read back the record", record: record.id, { try target.recordIfPresent(record.id) }) else {
            throw StoreMoveError(.verificationFailed, "The record \(record.id) was stored in the target but is not there any more: something else is changing the target. Stop it, then run the move again.",
                                 recordID: record.id)
        }
        guard created else {
            // Someone else created it between the look above and the import.
            try requireSame(record, stored, access: access, nothingWritten: false)
            counters.skipped += 1
            return
        }
        if let difference = RecordContent(record, access: access).difference(from: RecordContent(stored, access: access)) {
            throw StoreMoveError(.verificationFailed, "The target stored the record \(record.id) differently from the source: \(difference). Check the target; run the move again once it is fixed.",
                                 recordID: record.id)
        }
        counters.copied += 1
        counters.images += images.count
        counters.bytes += bytes.reduce(0) { $0 + Int64($1.count) }
    }
}
