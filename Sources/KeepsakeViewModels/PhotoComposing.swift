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

extension PhotoComposing {
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
