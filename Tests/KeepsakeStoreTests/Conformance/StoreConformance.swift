import Foundation
import Synchronization
import Testing
import KeepsakeTestSupport
import KeepsakeStore

/// The store conformance suite: every promise of the engine, tested through the public `Store` API
/// on each pair of backends in ``StoreBackends/all`` (today SQLite + a folder; PostgreSQL + S3
/// joins when its servers are configured). A new pair of a ``MetadataStore`` and a ``BlobStore``
/// is correct when this suite passes on it:
///
/// - ``Operations``: every operation, its ordering, limits and all-or-nothing failures (promises 1, 2, 6, 7).
/// - ``Faults``: a fault injected at every mutating call of both backends, before or after its effect (1, 2, 3).
/// - ``Crashes``: real writer processes SIGKILLed at random moments (1, 3, 4).
/// - ``Concurrency``: instances and processes sharing one store; recovery that spares the living (3, 4).
/// - ``Checking``: fsck's findings and repairs (8).
/// - ``Queries``: paging, filters, full-text search in English and Korean, the change log.
///
/// Run it alone with `swift test --filter StoreConformance`.
@Suite("StoreConformance") struct StoreConformance {
    static let images = Corpus.smallImages
    static let tiny = [Corpus.url("png/basn2c08.png"), Corpus.url("jpeg/testorig.jpg"), Corpus.url("webp/test.webp")]

    /// Whether the object `key` is stored (as the store's own blob store says).
    static func isStored(_ store: Store, _ key: RelativePath) throws -> Bool {
        try store.blobs.stat(key) != nil
    }
}
