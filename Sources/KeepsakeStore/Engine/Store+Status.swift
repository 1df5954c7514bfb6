extension Store {
    /// Counts and sizes, read from the metadata store (no image is listed or read), and what each
    /// backend says of itself.
    public func status() throws -> StoreStatus {
        let (collections, intents) = try metadata.read { tx in (try tx.collectionFigures(), try tx.intentCount()) }
        return StoreStatus(collections: collections, intentsInFlight: intents, imageProcessor: imageProcessor.identifier,
                           metadata: try metadata.status(), blobs: try blobs.status())
    }
}
