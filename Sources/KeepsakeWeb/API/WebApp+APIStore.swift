import Foundation
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// `GET /api/v1/store/status`: counts and sizes per collection, the backends (without the
    /// server's paths: ``ServerPaths/described(_:)``), work in flight.
    func apiStoreStatus(_ request: APIRequest) throws -> HTTPResponse {
        let status = try store.status()
        func backend(_ status: BackendStatus) -> APIJSONValue {
            let status = ServerPaths.described(status)
            return ["kind": .string(status.kind), "location": .string(status.location),
             "figures": .array(status.figures.map { ["label": .string($0.label), "value": .string($0.value)] })]
        }
        let collections: [APIJSONValue] = status.collections.map {
            ["name": .string($0.name), "live": .int($0.live), "trashed": .int($0.trashed), "images": .int($0.images), "bytes": .integer($0.bytes)]
        }
        return APIRepresentation.response([
            "collections": .array(collections), "totalRecords": .int(status.totalRecords), "totalImages": .int(status.totalImages),
            "totalBytes": .integer(status.totalBytes), "intentsInFlight": .int(status.intentsInFlight),
            "imageProcessor": .string(status.imageProcessor), "metadata": backend(status.metadata), "blobs": backend(status.blobs),
            "lastChangeSequence": .integer(try store.lastChangeSequence()),
        ])
    }

    /// `POST /api/v1/store/fsck?repair=&hashes=`: checks the store (as `keepsake fsck`), repairing
    /// with `repair=true`; the report.
    func apiFsck(_ request: APIRequest) throws -> HTTPResponse {
        let report = try store.fsck(repair: try request.flag("repair"), verifyHashes: request.query("hashes") == nil ? true : try request.flag("hashes"))
        func findings(_ list: [FsckReport.Finding]) -> APIJSONValue {
            .array(list.map { ["recordID": .string($0.recordID), "attachmentID": .integer($0.attachmentID), "path": .string($0.path)] })
        }
        func strings(_ list: [String]) -> APIJSONValue { .array(list.map(APIJSONValue.string)) }
        return APIRepresentation.response([
            "isClean": .bool(report.isClean), "recordsChecked": .int(report.recordsChecked),
            "attachmentsChecked": .int(report.attachmentsChecked), "filesScanned": .int(report.filesScanned),
            "intentsRecovered": .int(report.intentsRecovered), "danglingReferences": findings(report.danglingReferences),
            "orphanFiles": strings(report.orphanFiles), "hashMismatches": findings(report.hashMismatches),
            "missingThumbnails": strings(report.missingThumbnails), "orphanThumbnails": strings(report.orphanThumbnails),
            "unexpectedEntries": strings(report.unexpectedEntries), "repairs": strings(report.repairs),
            "unrepairable": strings(report.unrepairable),
        ])
    }
}
