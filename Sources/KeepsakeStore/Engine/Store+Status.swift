extension Store {
    /// Counts and sizes, read from the database (no file is walked).
    public func status() throws -> StoreStatus {
        try database.read { db in
            var collections: [String: StoreStatus.Collection] = [:]
            for (name, live, trashed) in try db.query("""
                SELECT collection, sum(trashed_at IS NULL), sum(trashed_at IS NOT NULL) FROM record GROUP BY collection
                """, [], { ($0.requiredText(0), $0.int(1), $0.int(2)) }) {
                collections[name] = .init(name: name, live: live, trashed: trashed, images: 0, bytes: 0)
            }
            for (name, images, bytes) in try db.query("""
                SELECT r.collection, count(*), sum(a.byte_size) FROM attachment a JOIN record r ON r.id = a.record_id GROUP BY r.collection
                """, [], { ($0.requiredText(0), $0.int(1), $0.int64(2)) }) {
                collections[name]?.images = images
                collections[name]?.bytes = bytes
            }
            let databasePath = location.databaseURL.path
            var databaseBytes: Int64 = 0
            for suffix in ["", "-wal"] {
                if case .file(let size, _) = FileInspector.kind(of: databasePath + suffix) { databaseBytes += size }
            }
            return StoreStatus(
                dataDirectory: location.dataDirectory.path, cacheDirectory: location.cacheDirectory.path,
                databasePath: databasePath, databaseBytes: databaseBytes, schemaVersion: Schema.currentVersion,
                collections: collections.values.sorted { $0.name < $1.name },
                intentsInFlight: Int(try db.scalarInt("SELECT count(*) FROM intent")),
                imageProcessor: imageProcessor.identifier)
        }
    }
}
