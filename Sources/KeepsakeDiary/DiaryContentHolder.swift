/// A value that holds a ``DiaryContent`` and reads and writes its fields as its own: `draft.title`
/// is `draft.content.title` (by dynamic member lookup, so each field is written once, in
/// ``DiaryContent``, with its documentation).
@dynamicMemberLookup
public protocol DiaryContentHolder {
    /// What the entry says, and when.
    var content: DiaryContent { get set }
}

extension DiaryContentHolder {
    /// The content's field at `keyPath` (`moment`, `timeZone`, `emotion`, `intensity`, `title`,
    /// `text`, `tags`, and the derived `day`).
    public subscript<Value>(dynamicMember keyPath: KeyPath<DiaryContent, Value>) -> Value {
        content[keyPath: keyPath]
    }

    /// The content's field at `keyPath`, to read or change.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<DiaryContent, Value>) -> Value {
        get { content[keyPath: keyPath] }
        set { content[keyPath: keyPath] = newValue }
    }
}
