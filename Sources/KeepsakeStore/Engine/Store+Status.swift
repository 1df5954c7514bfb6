extension Store {
    /// Counts and sizes, read from the metadata store (no image is listed or read), and what each
    /// backend says of itself.
    /// An account sees the counts of the records it reads only (image counts and sizes are the
    /// operator's).
    public func status() throws -> StoreStatus {
        let (collections, intents) = try metadata.read(as: caller) { tx in
            let access = try access(tx)
            var collections = try tx.collectionFigures()
            if let readable = access.readable {
                collections = try collections.map { figure in
                    let name = try CollectionName(figure.name)
                    return StoreStatus.Collection(name: figure.name, live: try tx.count(name, trash: .live, books: readable),
                                                  trashed: try tx.count(name, trash: .trashed, books: readable), images: 0, bytes: 0)
                }.filter { $0.live + $0.trashed > 0 }
            }
            return (collections, try tx.intentCount())
        }
        return StoreStatus(collections: collections, intentsInFlight: intents, imageProcessor: imageProcessor.identifier,
                           metadata: try metadata.status(), blobs: try blobs.status())
    }
}
