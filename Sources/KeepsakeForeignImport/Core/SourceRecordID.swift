import Foundation
public import KeepsakeStore
import KeepsakeSupport

/// The record id of an imported item, derived from where it came from: the same source item always
/// gets the same id, so a second import of an export finds what the first one stored and skips it,
/// and an import killed half-way continues where it stopped.
///
/// The id is a UUID (version 8, RFC 9562's custom layout) made of the first 16 bytes of the SHA-256 of
/// `keepsake-import/1`, the source kind, a scope (the bank account, when the source has one) and the
/// source's own id, separated by line feeds. For a bank row without an id the key is the row's
/// content and its occurrence index among identical rows of the file (``occurrenceKeys(_:)``), so two
/// identical legitimate rows are kept as two transactions.
public enum SourceRecordID {
    /// The id of the item `key` of `source` within `scope`.
    public static func make(_ source: ImportSource, scope: String = "", key: String) -> RecordID {
        var bytes = SHA256.digest(Data("keepsake-import/1\n\(source.rawValue)\n\(scope)\n\(key)".utf8))
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 9562 variant
        let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return RecordID(uuid)
    }

    /// Each content key followed by `#n`, where `n` counts the earlier identical keys (0 for the
    /// first): identical rows of one file stay apart by their order, and importing the same file
    /// again gives every row the same key as before.
    public static func occurrenceKeys(_ contentKeys: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return contentKeys.map { key in
            let index = seen[key, default: 0]
            seen[key] = index + 1
            return "\(key)#\(index)"
        }
    }
}
