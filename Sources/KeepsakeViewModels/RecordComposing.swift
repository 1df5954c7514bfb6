public import KeepsakeStore

/// A compose or edit screen of one record (a diary entry, a post, a transaction): it checks its
/// form before the store is asked, then saves it off the main actor, and reports a failure in
/// `error` instead of throwing. ``validate()`` and ``save()`` are written once, here.
@MainActor
public protocol RecordComposing: AnyObject {
    /// What a save hands back: the stored value.
    associatedtype Saved: Sendable

    /// The last failure, typed; `nil` after a success.
    var error: KeepsakeError? { get set }
    /// True while saving (``save()`` sets it).
    var isSaving: Bool { get set }
    /// Throws the first rule the form breaks, before the store is asked.
    func checkForm() throws
    /// The store work of saving the form as it is now (a create, or an edit), to run off the main
    /// actor; throws if the form cannot be read into a draft.
    func saveOperation() throws -> @Sendable () throws -> Saved
    /// Takes in what a successful save stored (the ledger: its receipt); nothing by default.
    func didSave(_ saved: Saved)
}

extension RecordComposing {
    /// Does nothing: most screens keep nothing of what they saved.
    public func didSave(_ saved: Saved) {}

    /// Checks the form without saving; sets ``error`` and returns `false` if a rule is broken.
    @discardableResult
    public func validate() -> Bool {
        do {
            try checkForm()
            error = nil
            return true
        } catch {
            self.error = failure(error)
            return false
        }
    }

    /// Validates and saves (the "done" button). Returns the saved value, or `nil` with ``error``
    /// set; the store is unchanged then.
    public func save() async -> Saved? {
        guard validate() else { return nil }
        isSaving = true
        defer { isSaving = false }
        do {
            let saved = try await background(try saveOperation())
            didSave(saved)
            error = nil
            return saved
        } catch {
            self.error = failure(error)
            return nil
        }
    }
}
