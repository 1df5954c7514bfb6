extension Store {
    /// Counts and sizes, read from the metadata store (no image is listed or read), and what each
    /// backend says of itself.
    /// An account sees the figures of the records it reads only: their counts, images and bytes.
    public func status() throws -> StoreStatus {
        let (collections, intents) = try metadata.read(as: caller) { tx in
            (try tx.collectionFigures(books: try access(tx).readable), try tx.intentCount())
        }
        return StoreStatus(collections: collections, intentsInFlight: intents, imageProcessor: imageProcessor.identifier,
                           metadata: try metadata.status(), blobs: try blobs.status())
    }
}
