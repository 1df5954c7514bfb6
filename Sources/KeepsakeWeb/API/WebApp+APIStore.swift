import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore

extension WebApp {
    /// `GET /api/v1/store/status`: counts and sizes per collection, the backends (without the
    /// server's paths: ``ServerPaths/described(_:)``), work in flight.
    func apiStoreStatus(_ request: APIRequest) throws -> APIAnswer<APIStoreStatus> {
        let status = try store.status()
        return try APIAnswer(APIStoreStatus(
            collections: status.collections.map {
                APIStoreStatus.Collection(name: $0.name, live: $0.live, trashed: $0.trashed, images: $0.images, bytes: $0.bytes)
            },
            totalRecords: status.totalRecords, totalImages: status.totalImages, totalBytes: status.totalBytes,
            intentsInFlight: status.intentsInFlight, imageProcessor: status.imageProcessor,
            metadata: APIStoreStatus.Backend(status.metadata), blobs: APIStoreStatus.Backend(status.blobs),
            lastChangeSequence: try store.lastChangeSequence()))
    }

    /// `POST /api/v1/store/fsck?repair=&hashes=`: checks the store (as `keepsake fsck`), repairing
    /// with `repair=true`; the report. Only for an admin's token (``CallerApps/maintenanceStore(for:)``);
    /// anyone else's is `403`.
    func apiFsck(_ request: APIRequest) throws -> APIAnswer<APIFsckReport> {
        let check = try StoreCheck(of: apps.maintenanceStore(for: request.account), repair: try request.flag("repair"),
                                   verifyHashes: request.query("hashes") == nil ? true : try request.flag("hashes"))
        return try APIAnswer(APIFsckReport(check))
    }
}
