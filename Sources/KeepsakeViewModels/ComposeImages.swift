public import KeepsakeStore

/// The ordered photos of a compose screen with its limit (seed 002's picker: up to 10, in order).
public struct ComposeImages: Sendable {
    /// The photos in order.
    public private(set) var items: [ComposeImage]
    /// The most photos allowed.
    public let limit: Int

    /// Starts with `items`.
    public init(_ items: [ComposeImage] = [], limit: Int) {
        self.items = items
        self.limit = limit
    }

    /// How many more photos may be added.
    public var remaining: Int { max(0, limit - items.count) }

    /// Adds photos at the end; throws ``KeepsakeError/Code/limitExceeded`` beyond the limit.
    public mutating func add(_ sources: [ImageSource]) throws {
        guard items.count + sources.count <= limit else {
            throw KeepsakeError(.limitExceeded, "You can attach at most \(limit) photos; remove one before adding another.")
        }
        items += sources.map(ComposeImage.pick)
    }

    /// Removes the photo at `index`.
    public mutating func remove(at index: Int) throws {
        guard items.indices.contains(index) else { throw KeepsakeError.imageIndexOutOfRange(index, count: items.count) }
        items.remove(at: index)
    }

    /// Replaces the photo at `index` with a new one.
    public mutating func replace(at index: Int, with source: ImageSource) throws {
        guard items.indices.contains(index) else { throw KeepsakeError.imageIndexOutOfRange(index, count: items.count) }
        items[index] = .pick(source)
    }

    /// Moves a photo (drag to reorder).
    public mutating func move(from: Int, to: Int) throws {
        guard items.indices.contains(from) else { throw KeepsakeError.imageIndexOutOfRange(from, count: items.count) }
        guard items.indices.contains(to) else { throw KeepsakeError.imageIndexOutOfRange(to, count: items.count) }
        items.insert(items.remove(at: from), at: to)
    }

    /// Puts the photos in a new order: `order[i]` is the current index of the photo for position `i`.
    public mutating func reorder(_ order: [Int]) throws {
        guard order.sorted() == Array(items.indices) else {
            throw KeepsakeError(.invalidArgument, "The new order must list each photo exactly once.")
        }
        let before = items
        items = order.map { before[$0] }
    }

    var slots: [ImageSlot] { items.map(\.slot) }
    var sources: [ImageSource] { items.compactMap(\.source) }
}
