public import KeepsakeStore

extension Diary {
    /// The store draft of a new entry, checked by the same rules as ``create(_:)``, for callers that
    /// write it themselves: an importer that chooses the record's id (so that importing the same
    /// export twice finds the entry again) and keeps fields of its own beside the diary's (such as the
    /// source's id).
    ///
    /// The draft's photos are left out: pass them to ``KeepsakeStore/Store/create(_:)`` with the
    /// returned draft (at most ``maxImages``), so the entry and its photos are one atomic operation.
    ///
    /// - Parameters:
    ///   - id: the record id to use; a new one when `nil`.
    ///   - extraFields: more fields to store; a name the diary itself uses (`text`, `tags`, …) is
    ///     refused with ``KeepsakeError/Code/invalidArgument``.
    /// - Throws: the draft's validation error (see ``DiaryDraft/validate(maxImages:)``).
    public func recordDraft(_ draft: DiaryDraft, id: RecordID?, extraFields: [String: FieldValue] = [:]) throws -> RecordDraft {
        let valid = try draft.normalized(maxImages: maxImages)
        var fields = valid.content.fields
        for (name, value) in extraFields {
            guard fields[name] == nil, ![DiaryField.title].contains(name) else {
                throw KeepsakeError(.invalidArgument, "The field \(name) belongs to the diary itself; give an extra field another name.")
            }
            fields[name] = value
        }
        return RecordDraft(collection: Self.collection, date: valid.moment, fields: fields, id: id, book: valid.book)
    }
}
