/// A value that holds a ``StoredImageFacts`` and reads and writes its fields as its own:
/// `attachment.byteSize` is `attachment.facts.byteSize` (by dynamic member lookup, so each fact is
/// written once, in ``StoredImageFacts``, with its documentation).
@dynamicMemberLookup
public protocol StoredImageFactsHolder {
    /// What the store knows of the image's bytes.
    var facts: StoredImageFacts { get set }
}

extension StoredImageFactsHolder {
    /// The facts' field at `keyPath` (`byteSize`, `sha256`, `sourceSHA256`, `mediaType`, `width`,
    /// `height`, `thumbnailFormat`).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<StoredImageFacts, Value>) -> Value {
        get { facts[keyPath: keyPath] }
        set { facts[keyPath: keyPath] = newValue }
    }
}
