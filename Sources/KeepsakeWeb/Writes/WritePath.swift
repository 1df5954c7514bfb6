import Foundation
import KeepsakeHTTP
import KeepsakeStore

/// The part of every write the apps' writers (``DiaryWriter``, ``FeedWriter``, ``LedgerWriter``)
/// share: the web app's upload limits (``WebLimits``), checked once before anything is read or
/// stored, then the store work, its failure turned into a ``WriteRefusal`` in the request's language.
struct WritePath: Sendable {
    /// The upload limits.
    let limits: WebLimits

    /// Checks `files` against the limits, then runs `work` (the app's own validation and store
    /// operation); throws a ``WriteRefusal`` for either.
    func perform<Saved>(files: [UploadedFile], language: Language, _ work: () throws -> Saved) throws(WriteRefusal) -> Saved {
        let strings = Strings(language)
        try checkUploads(files, strings: strings)
        do {
            return try work()
        } catch {
            throw Self.refusal(error, files: files, language: language)
        }
    }

    /// `error` (a failure of the store or an app's rule) as a refusal: the staged uploads among
    /// `files` named as the user named them, its sentence in `language`.
    static func refusal(_ error: any Error, files: [UploadedFile], language: Language) -> WriteRefusal {
        let named = UploadCheck.naming(KeepsakeError.wrapping(error), after: files) ?? KeepsakeError.wrapping(error)
        return WriteRefusal(error: named, message: Strings(language).describe(named))
    }

    /// Throws ``KeepsakeError/Code/limitExceeded`` (413) for a file over ``WebLimits/maxFileBytes``
    /// or all of them together over ``WebLimits/maxRequestBytes``.
    func checkUploads(_ files: [UploadedFile], strings: Strings) throws(WriteRefusal) {
        guard let sentence = UploadCheck.sentence(files, limits: limits) else { return }
        throw WriteRefusal(error: KeepsakeError(.limitExceeded, sentence(Strings(.english))), message: sentence(strings))
    }
}
