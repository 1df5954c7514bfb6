import Foundation
import KeepsakeDiary
import KeepsakeHTTP
import KeepsakeStore

/// Every write of diary entries, for the diary pages and the API alike: the upload limits
/// (``WritePath``), the photos counted once against the diary's limit, the diary's own rules
/// (``DiaryDraft/validate(maxImages:)``, checked by ``Diary``), then the store operation. A refusal
/// is a ``WriteRefusal`` in the request's language.
///
/// ```swift
/// let entry = try writer.create(draft, files: request.http.files, language: request.language)
/// ```
struct DiaryWriter: Sendable {
    /// The store and apps of the request's caller.
    let apps: CallerApps
    /// The diary written to, as the request's caller sees it.
    var diary: Diary { apps.diary }
    /// The upload limits and the failure's wording.
    let path: WritePath

    /// Saves a new entry with its photos (`draft.images`, staged uploads among them), all or nothing.
    func create(_ draft: DiaryDraft, files: [UploadedFile], language: Language) throws(WriteRefusal) -> DiaryEntry {
        try path.write(diary, photos: draft.images.count, files: files, language: language) { try diary.create(draft) }
    }

    /// Applies an edit of entry `id`; with `images`, its whole photo set changes too, in the same
    /// atomic operation; with `expectedVersion`, only if the entry is still at that version.
    func update(_ id: RecordID, _ edit: DiaryEdit, images: [ImageSlot]? = nil, expectedVersion: Int64? = nil,
                files: [UploadedFile], language: Language) throws(WriteRefusal) -> DiaryEntry {
        try path.write(diary, photos: images?.count, files: files, language: language) {
            try diary.update(id, edit, images: images, expectedVersion: expectedVersion)
        }
    }

    /// Moves entry `id` to the trash (`restore`: takes it out), with `expectedVersion` only if it is
    /// still at that version.
    func trash(_ id: RecordID, restore: Bool = false, expectedVersion: Int64? = nil, language: Language) throws(WriteRefusal) -> DiaryEntry {
        try path.trash(diary, id, restore: restore, expectedVersion: expectedVersion, language: language)
    }
}
