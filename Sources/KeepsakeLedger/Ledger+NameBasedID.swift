import Foundation
import KeepsakeStore
import KeepsakeSupport

extension Ledger {
    /// A name-based record id: the first 16 bytes of the SHA-256 of `parts` joined by NUL, in the
    /// UUID version 8 layout. The same parts give the same id on every server and for every
    /// member, which is what makes a budget, a default account, an occurrence or an imported
    /// account found again instead of made twice.
    static func nameBasedID(_ parts: [String]) -> RecordID {
        var bytes = Array(SHA256.digest(Data(parts.joined(separator: "\u{0}").utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return RecordID(UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])))
    }
}
