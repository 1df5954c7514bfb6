import Foundation
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeViewModels

/// The ordered photo picker of the diary and feed compose forms (seed 002: up to 10 photos, in the
/// order picked, the first one the cover).
///
/// The form sends:
/// - `order`: the photos' keys in their new order, comma-separated: `s<attachment id>` for a
///   stored photo, `n<token>` for one picked in this form (its file in the field `new-<key>`).
///   The page's script keeps it up to date as photos are dragged (SortableJS), moved with the
///   arrow buttons, added or removed.
/// - `remove`: keys of stored photos to drop (checkboxes).
/// - `replace-<key>`: a file that takes the place of stored photo `<key>`, at its position.
/// - `photos`: files picked without the script (appended at the end, in order).
enum PhotoField {
    /// The photo list of a form showing `items` (a view model's photos), at most `limit`.
    /// `lostPicks` counts photos picked in a refused submission (their uploads are gone).
    static func render(items: [ComposeImage], lostPicks: Int, limit: Int, maxFileBytes: Int, strings t: Strings) -> HTML {
        var rows: [HTML] = []
        var keys: [String] = []
        for (index, item) in items.enumerated() {
            guard case .stored(let attachment) = item else { continue }
            let key = "s\(attachment.id)"
            keys.append(key)
            rows.append("""
                <li class="photo stored" data-key="\(key)">
                <span class="photo-number">\(index + 1)</span>
                \(WebApp.thumbnail(attachment, alt: t.photoNumber(index + 1)))
                \(actions(t, replaceName: "replace-" + key, removeKey: key))
                </li>
                """)
        }
        let lost: HTML = lostPicks > 0 ? "<p class=\"notice\">\(t.photosToPickAgain(lostPicks))</p>" : .empty
        let formats = Formats(language: t.language)
        return """
            <fieldset class="photos" data-photo-field data-limit="\(limit)" data-max-bytes="\(maxFileBytes)" \
            data-too-many="\(t.tooManyPhotos(limit))" data-too-big="\(t.fileTooLarge(name: "%@", size: "%s", limit: formats.bytes(Int64(maxFileBytes))))">
            <legend>\(t[.photos]) <span class="photo-count">\(keys.count) / \(limit)</span></legend>
            <p class="hint">\(t[.photosHint])</p>
            \(lost)
            <p class="photo-message error" role="status" aria-live="polite"></p>
            <ol class="photo-list">
            \(rows)
            </ol>
            <input type="hidden" name="order" value="\(keys.joined(separator: ","))">
            <div class="pickers">
            <label class="picker button">\(t[.addPhotos]) <input type="file" class="photo-picker" name="photos" accept="image/*" multiple></label>
            <label class="picker button camera">\(t.takePhoto) <input type="file" class="photo-picker photo-camera" name="photos" accept="image/*" capture="environment"></label>
            </div>
            <template class="photo-template">
            <li class="photo new" data-key="">
            <span class="photo-number"></span>
            <img class="thumb preview" alt="\(t[.newPhoto])">
            \(actions(t, replaceName: nil, removeKey: nil))
            <input type="file" class="new-file" accept="image/*" hidden>
            </li>
            </template>
            </fieldset>
            """
    }

    private static func actions(_ t: Strings, replaceName: String?, removeKey: String?) -> HTML {
        let replaceField: HTML = replaceName.map { "<input type=\"file\" class=\"replace-input\" name=\"\($0)\" accept=\"image/*\">" }
            ?? "<input type=\"file\" class=\"replace-input\" accept=\"image/*\">"
        let remove: HTML = removeKey.map {
            "<label class=\"remove\"><input type=\"checkbox\" class=\"remove-check\" name=\"remove\" value=\"\($0)\"> \(t[.remove])</label>"
        } ?? "<button type=\"button\" class=\"remove-new\">\(t[.remove])</button>"
        return """
            <div class="photo-actions">
            <button type="button" class="move-up js-only" aria-label="\(t[.moveEarlier])" title="\(t[.moveEarlier])">↑</button>
            <button type="button" class="move-down js-only" aria-label="\(t[.moveLater])" title="\(t[.moveLater])">↓</button>
            <label class="button replace">\(t[.replace])\(replaceField)</label>
            \(remove)
            </div>
            """
    }

    /// The photos a submitted form asks for, in order: stored ones kept, replaced or dropped, new
    /// ones from their uploads (as `ImageSource.file` of the staged upload: the store copies it
    /// before the request ends). Throws a 400 problem for a form that names a photo the record
    /// no longer has (a stale tab).
    static func parse(form: HTTPParameters, files: [UploadedFile], stored: [Attachment], strings: Strings) throws -> [ComposeImage] {
        // A photo part whose file name the multipart parser could not read (a NUL in it, say)
        // arrives as a plain form field: refuse the form rather than save it without that photo.
        if form.pairs.contains(where: { $0.name == "photos" || $0.name.hasPrefix("new-") || $0.name.hasPrefix("replace-") }) {
            throw FormProblem(status: .badRequest, message: "A photo arrived without a readable file name, so it could not be read; nothing was stored. Pick the photos again.")
        }
        var storedByKey: [String: Attachment] = [:]
        for attachment in stored { storedByKey["s\(attachment.id)"] = attachment }
        var filesByField: [String: UploadedFile] = [:]
        for file in files where filesByField[file.fieldName] == nil { filesByField[file.fieldName] = file }
        let removed = Set(form.values(for: "remove"))
        let keys: [String]
        if let order = form["order"] {
            keys = order.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        } else {
            keys = stored.map { "s\($0.id)" }
        }
        var result: [ComposeImage] = []
        var seen = Set<String>()
        for key in keys where seen.insert(key).inserted {
            guard !removed.contains(key) else { continue }
            if let attachment = storedByKey[key] {
                if let file = filesByField["replace-" + key] {
                    result.append(.pick(.file(file.url)))
                } else {
                    result.append(.stored(attachment))
                }
            } else if key.hasPrefix("n"), isToken(key), let file = filesByField["new-" + key] {
                result.append(.pick(.file(file.url)))
            } else if key.hasPrefix("s") {
                throw FormProblem(status: .badRequest, message: strings[.photoNoLongerThere])
            }
        }
        for file in files where file.fieldName == "photos" {
            result.append(.pick(.file(file.url)))
        }
        return result
    }

    /// Applies a compose form's photo field (order, kept photos, new uploads) to `images`. Returns
    /// the problem to show: the first of `earlier` and a refusal of the photo field.
    static func read(_ request: WebRequest, into images: inout [ComposeImage], earlier: FormProblem?) -> FormProblem? {
        let stored: [Attachment] = images.compactMap { if case .stored(let attachment) = $0 { attachment } else { nil } }
        do {
            images = try parse(form: request.http.form, files: request.http.files, stored: stored, strings: request.strings)
            return earlier
        } catch let refused as FormProblem {
            return earlier ?? refused
        } catch {
            return earlier ?? FormProblem(status: .badRequest, message: "\(error)")
        }
    }

    /// `n` followed by 1 to 40 ASCII letters and digits.
    private static func isToken(_ key: String) -> Bool {
        key.utf8.count <= 41 && key.dropFirst().unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            && key.count > 1
    }

    /// How many photos of `items` were picked in this request (lost if it is refused).
    static func pickedCount(_ items: [ComposeImage]) -> Int {
        items.filter { if case .picked = $0 { true } else { false } }.count
    }
}
