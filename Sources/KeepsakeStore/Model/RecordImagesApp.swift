/// A ``RecordApp`` whose values carry ordered photos (the diary, the feed), with the same photo
/// operations under the same names.
///
/// An app gives its store, its photo limit, how it finds its own record and how it reads its value
/// back; the photo operations themselves are written once, in `RecordImagesApp+Images.swift`.
public protocol RecordImagesApp: RecordApp {
    /// The store the app's records live in.
    var store: Store { get }
    /// The most photos one value may hold.
    var maxImages: Int { get }
    /// The record `id` of this app, live or in the trash; `notFound` (in the app's words) if there
    /// is none, or if it belongs to another app.
    func appRecord(_ id: RecordID) throws -> Record
    /// The app's value read from `record`.
    func item(from record: Record) throws -> Item
    /// Throws `limitExceeded` (in the app's words) if a value would hold `total` photos, `adding`
    /// of them new (`nil`: a whole new set of `total`).
    func checkImageCount(_ total: Int, adding: Int?) throws

    /// Adds photos at the end or before position `index`; all are stored or none.
    func addImages(_ sources: [ImageSource], to id: RecordID, at index: Int?, expectedVersion: Int64?) throws -> Item
    /// Replaces the photo at `index`.
    func replaceImage(of id: RecordID, at index: Int, with source: ImageSource, expectedVersion: Int64?) throws -> Item
    /// Removes the photo at `index`.
    func removeImage(of id: RecordID, at index: Int, expectedVersion: Int64?) throws -> Item
    /// Puts the photos in a new order (`order[i]` is the current position of the photo that goes to `i`).
    func reorderImages(of id: RecordID, order: [Int], expectedVersion: Int64?) throws -> Item
}
