public import KeepsakeStore

/// A compose or edit screen with an ordered, limited list of photos (``ComposeImages``) that reports
/// a refused change (over the limit, a bad index) in `error` instead of throwing.
@MainActor
public protocol PhotoComposing: AnyObject {
    /// The photos in order.
    var images: ComposeImages { get set }
    /// The last problem, typed.
    var error: KeepsakeError? { get set }
}

/// A draft with ordered photos that checks its own rules (a diary entry's, a post's).
public protocol PhotoDraft {
    /// The photos in order.
    var images: [ImageSource] { get set }
    /// Throws the first rule the draft breaks, `maxImages` photos allowed.
    func validate(maxImages: Int) throws
}

extension PhotoComposing {
    /// Throws the first rule `draft` breaks with its photos counted, not read: the draft's own
    /// rules without its photos, then more than `maxImages` photos (``KeepsakeError/Code/limitExceeded``,
    /// "`holder` can hold at most N photos.").
    public func checkPhotoForm(_ draft: some PhotoDraft, maxImages: Int, holder: String) throws {
        var check = draft
        check.images = []
        try check.validate(maxImages: maxImages)
        guard images.items.count <= maxImages else {
            throw KeepsakeError(.limitExceeded, "\(holder) can hold at most \(maxImages) photos.")
        }
    }

    /// Adds picked photos at the end (refused beyond the limit, with a message).
    public func addImages(_ sources: [ImageSource]) { change { try $0.add(sources) } }

    /// Removes the photo at `index`.
    public func removeImage(at index: Int) { change { try $0.remove(at: index) } }

    /// Replaces the photo at `index` with a newly picked one.
    public func replaceImage(at index: Int, with source: ImageSource) { change { try $0.replace(at: index, with: source) } }

    /// Moves a photo (drag to reorder).
    public func moveImage(from: Int, to: Int) { change { try $0.move(from: from, to: to) } }

    /// Puts the photos in a new order: `order[i]` is the current index of the photo for position `i`.
    public func reorderImages(_ order: [Int]) { change { try $0.reorder(order) } }

    private func change(_ edit: (inout ComposeImages) throws -> Void) {
        do {
            try edit(&images)
            self.error = nil
        } catch {
            self.error = failure(error)
        }
    }
}
