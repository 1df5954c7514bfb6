import Foundation
import KeepsakeStore
import KeepsakeViewModels

/// Small helpers the app commands share: photos from the command line, a view model's `error` as
/// the command's error, and short text forms.
enum CommandSupport {
    /// The help of `--image FILE|@N` in the edit commands.
    static let newImagesHelp = """
        The whole new photo set, in order: a FILE adds a photo, @N keeps the stored
        photo now at position N.
        """

    /// Photos given as files on the command line.
    static func imageSources(_ paths: [String]) -> [ImageSource] {
        paths.map { .file(URL(fileURLWithPath: $0)) }
    }

    /// The new photo set of an edit: each value is a file, or `@N` to keep the stored photo now at
    /// position N (nothing is rewritten for it).
    static func composeImages(_ values: [String], current: [Attachment], limit: Int) throws -> ComposeImages {
        let items = try values.map { value -> ComposeImage in
            if let match = value.wholeMatch(of: /@(\d+)/) {
                guard let index = Int(match.1), current.indices.contains(index) else {
                    let valid = current.isEmpty ? "the record has no photos" : "its photos are @0 to @\(current.count - 1)"
                    throw UsageError(description: "\(KeepsakeError.quoted(value)) names no stored photo: \(valid).")
                }
                return .stored(current[index])
            }
            return .pick(.file(URL(fileURLWithPath: value)))
        }
        return ComposeImages(items, limit: limit)
    }

    /// Where `store` lives, for messages: its folder on the embedded backends, else its metadata
    /// and blob stores as `keepsake status` names them (never a password).
    static func storeName(_ store: Store) throws -> String {
        let metadata = try store.metadata.status(), blobs = try store.blobs.status()
        if metadata.kind == "sqlite" && blobs.kind == "folder" { return store.location.dataDirectory.path }
        return "\(metadata.kind) \(metadata.location) with images in \(blobs.kind) \(blobs.location)"
    }

    /// Throws a view model's error, if it has one, as the command's error (its code decides the exit code).
    static func check(_ error: KeepsakeError?) throws {
        if let error { throw error }
    }

    /// The first line of `text`, at most `limit` characters.
    static func summary(_ text: String, limit: Int = 48) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > limit ? String(line.prefix(limit - 1)) + "…" : line
    }

    /// `text` followed by spaces up to `width` terminal columns (Hangul, CJK and other wide
    /// characters take two columns), so columns line up after Korean categories too.
    static func pad(_ text: String, to width: Int) -> String {
        let columns = text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
                 0x1F300...0x1FAFF, 0x20000...0x3FFFD: total + 2
            case 0x0300...0x036F, 0x200B...0x200F: total
            default: total + 1
            }
        }
        return text + String(repeating: " ", count: max(0, width - columns))
    }

    /// `1 photo`, `2 photos` (`plural` for nouns such as entry → entries).
    static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? noun : plural ?? noun + "s")"
    }

    /// The `Created:`, `Updated:` and (for a record in the trash) `In trash:` lines of a record shown
    /// in full, in the user's time zone, their values starting at column `width`.
    static func printTimes(created: Date, updated: Date, trashed: Date?, width: Int, _ call: Invocation) {
        func label(_ text: String) -> String { text + String(repeating: " ", count: max(1, width - text.count)) }
        call.print(label("Created:") + DateText.format(created, timeZone: call.timeZone))
        call.print(label("Updated:") + DateText.format(updated, timeZone: call.timeZone))
        if let trashed { call.print(label("In trash:") + "since " + DateText.format(trashed, timeZone: call.timeZone)) }
    }

    /// One line per photo: position, stored path (its name holds the start of the hash), pixels, kind, size.
    static func photoLines(_ images: [Attachment]) -> [String] {
        images.map { image in
            "  [\(image.position)] \(image.path)  \(image.width)x\(image.height) \(image.mediaType) \(KeepsakeCommand.formatBytes(image.byteSize))"
        }
    }
}
