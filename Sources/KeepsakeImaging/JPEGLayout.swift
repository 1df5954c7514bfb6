import Foundation

/// The marker segments of a JPEG file, found without decoding anything, and the file written again
/// with only the segments that should be stored.
///
/// The walk follows ITU-T T.81 Annex B: `SOI`, then segments (`FF`, marker, a big-endian length
/// that counts itself), each scan's entropy-coded data after its `SOS` segment up to the next
/// marker that is not a restart (`RSTn`) or a stuffed `FF 00`, and `EOI`. Fill bytes (`FF FF…`)
/// are skipped; stray bytes between segments (libjpeg's harmless "extraneous bytes" warning) are
/// dropped, as libjpeg itself skips them; whatever follows `EOI` (a phone's second image, an MPF
/// gain map or depth map, junk) is dropped too.
struct JPEGLayout {
    /// One part of the file after `SOI`: a marker segment, a scan's entropy-coded data, or `EOI`.
    struct Part {
        /// The marker byte (`0xDA` for SOS, `0xD9` for EOI); `0` for entropy-coded data.
        let marker: UInt8
        /// The bytes of the part: from its `FF` through its last payload byte (for data: the data).
        let range: Range<Int>

        /// The payload of a marker segment (after its two length bytes).
        var payload: Range<Int> { (range.lowerBound + 4)..<range.upperBound }
    }

    /// The frame header (`SOFn`): what a lossless transform needs to know.
    struct Frame: Equatable {
        /// The SOF marker (`0xC0`…`0xCF` but `C4`, `C8`, `CC`).
        let marker: UInt8
        let width: Int
        let height: Int
        /// The largest horizontal and vertical sampling factors of the components.
        let maxHorizontalSampling: Int
        let maxVerticalSampling: Int
        /// The number of components (1 grey, 3 YCbCr or RGB, 4 CMYK or YCCK).
        let components: Int

        /// The width of an iMCU, the unit a lossless transform moves, in pixels: one 8 × 8 block for
        /// a single component, else 8 times the largest sampling factor (16 for 4:2:0).
        var mcuWidth: Int { components == 1 ? 8 : maxHorizontalSampling * 8 }
        /// The height of an iMCU in pixels.
        var mcuHeight: Int { components == 1 ? 8 : maxVerticalSampling * 8 }
        /// Whether the file uses arithmetic coding (`SOF9`…`SOF11`), which browsers cannot decode.
        var isArithmetic: Bool { (0xC9...0xCB).contains(marker) }
        /// Whether it is progressive (`SOF2`, `SOF10`).
        var isProgressive: Bool { marker == 0xC2 || marker == 0xCA }
    }

    /// The file's bytes.
    let bytes: Data
    /// Its parts after `SOI`, in order, ending with `EOI`.
    let parts: [Part]
    /// Its frame header.
    let frame: Frame

    /// Walks `bytes`; `nil` if they are not a complete JPEG (no `SOI`, a segment running past the
    /// end, no frame header, or no `EOI`).
    init?(_ bytes: Data) {
        self.bytes = bytes
        var parts: [Part] = []
        var frame: Frame?
        let complete = bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            let count = raw.count
            guard count >= 4, raw[0] == 0xFF, raw[1] == 0xD8 else { return false }
            var index = 2
            while index < count {
                // Find the next marker: skip stray bytes and fill bytes.
                guard let start = Self.nextMarker(raw, from: index) else { return false }
                let marker = raw[start + 1]
                var after = start + 2
                switch marker {
                case 0xD9:
                    parts.append(Part(marker: marker, range: start..<after))
                    return frame != nil
                case 0xD0...0xD7, 0x01:
                    parts.append(Part(marker: marker, range: start..<after))  // standalone markers
                    index = after
                    continue
                case 0xD8:
                    return false  // a second SOI: not one image
                default:
                    break
                }
                guard after + 2 <= count else { return false }
                let length = Int(raw[after]) << 8 | Int(raw[after + 1])
                guard length >= 2, after + length <= count else { return false }
                after += length
                let part = Part(marker: marker, range: start..<after)
                parts.append(part)
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), frame == nil {
                    frame = Self.readFrame(raw, part)
                    if frame == nil { return false }
                }
                if marker == 0xDA {
                    let end = Self.endOfEntropyData(raw, from: after)
                    if end > after { parts.append(Part(marker: 0, range: after..<end)) }
                    after = end
                }
                index = after
            }
            return false
        }
        guard complete, let frame else { return nil }
        self.parts = parts
        self.frame = frame
    }

    // MARK: - Rewriting

    /// What to keep of the metadata segments.
    enum Keep {
        /// Only what decoding needs: the JFIF header (without its thumbnail), Adobe's colour
        /// transform marker and the ICC profile.
        case structureAndProfile
        /// Also EXIF (with its orientation set to 1), XMP, IPTC, comments and other application
        /// segments; never MPF, whose offsets point past `EOI`.
        case allMetadata
    }

    /// The file written again: `SOI`, the JFIF header if the file starts with one, then
    /// `inserted` (whole segments, such as an ICC profile carried over from another file), then
    /// every other part that `keep` allows, through `EOI`.
    func rewritten(keep: Keep, inserting inserted: [Data] = []) -> Data {
        var output = Data(capacity: bytes.count + inserted.reduce(0) { $0 + $1.count })
        output.append(contentsOf: [0xFF, 0xD8])
        var pending = inserted
        bytes.withUnsafeBytes { raw in
            for (offset, part) in parts.enumerated() {
                if part.marker == 0xE0, offset == 0, Self.has(raw, part, prefix: Self.jfif) {
                    output.append(Self.jfifWithoutThumbnail(raw, part))
                    continue
                }
                if !pending.isEmpty {
                    pending.forEach { output.append($0) }
                    pending = []
                }
                switch Self.decision(raw, part, keep: keep) {
                case .keep: output.append(contentsOf: raw[part.range])  // no copy in between (the scan data is most of the file)
                case .replace(let segment): output.append(segment)
                case .drop: break
                }
            }
        }
        return output
    }

    /// The metadata segments of this file that another file made from it should carry, per `keep`:
    /// the ICC profile, and with ``Keep/allMetadata`` the rest too (EXIF with orientation 1).
    /// Never the JFIF or Adobe markers, which every encoder writes for its own output.
    func metadataSegments(keep: Keep) -> [Data] {
        bytes.withUnsafeBytes { raw in
            parts.compactMap { part -> Data? in
                guard (0xE0...0xEF).contains(part.marker) || part.marker == 0xFE else { return nil }
                if part.marker == 0xE0 || (part.marker == 0xEE && Self.has(raw, part, prefix: Self.adobe)) { return nil }
                switch Self.decision(raw, part, keep: keep) {
                case .keep: return Data(raw[part.range])
                case .replace(let segment): return segment
                case .drop: return nil
                }
            }
        }
    }

    /// What happens to one part.
    private enum Decision {
        case keep
        case replace(Data)
        case drop
    }

    /// Whether `part` is written as it is, written changed or dropped, per `keep`.
    private static func decision(_ raw: UnsafeRawBufferPointer, _ part: Part, keep: Keep) -> Decision {
        switch part.marker {
        case 0xE0:
            return .drop  // JFIF elsewhere than first, JFXX thumbnails, others
        case 0xE2 where has(raw, part, prefix: iccProfile):
            return .keep
        case 0xE2 where has(raw, part, prefix: mpf):
            return .drop
        case 0xEE where has(raw, part, prefix: adobe):
            return .keep
        case 0xE1 where has(raw, part, prefix: exif):
            guard keep == .allMetadata else { return .drop }
            // Dropped if it cannot be read: a tag left at 6 would turn the upright photo again.
            return EXIFOrientation.settingToOne(segment: Data(raw[part.range])).map(Decision.replace) ?? .drop
        case 0xE1...0xEF, 0xFE:
            return keep == .allMetadata ? .keep : .drop
        default:
            return .keep
        }
    }

    // MARK: - Walking

    static let jfif = Array("JFIF\0".utf8)
    static let adobe = Array("Adobe".utf8)
    static let iccProfile = Array("ICC_PROFILE\0".utf8)
    static let mpf = Array("MPF\0".utf8)
    static let exif = Array("Exif\0\0".utf8)

    /// Whether the payload of `part` starts with `prefix`.
    private static func has(_ raw: UnsafeRawBufferPointer, _ part: Part, prefix: [UInt8]) -> Bool {
        let payload = part.payload
        return payload.count >= prefix.count && prefix.indices.allSatisfy { raw[payload.lowerBound + $0] == prefix[$0] }
    }

    /// A JFIF APP0 segment without its (uncompressed RGB) thumbnail: version, units and density kept.
    private static func jfifWithoutThumbnail(_ raw: UnsafeRawBufferPointer, _ part: Part) -> Data {
        let payload = part.payload
        guard payload.count >= 14 else { return Data(raw[part.range]) }
        var segment = Data([0xFF, 0xE0, 0x00, 16])
        segment.append(contentsOf: raw[payload.lowerBound..<(payload.lowerBound + 12)])
        segment.append(contentsOf: [0, 0])  // no thumbnail
        return segment
    }

    /// The offset of the next marker's `FF` at or after `index` (after any stray and fill bytes).
    private static func nextMarker(_ raw: UnsafeRawBufferPointer, from index: Int) -> Int? {
        var position = index
        while position + 1 < raw.count {
            if raw[position] == 0xFF, raw[position + 1] != 0xFF, raw[position + 1] != 0x00 {
                return position
            }
            position += 1
        }
        return nil
    }

    /// The end of a scan's entropy-coded data that starts at `index`: the offset of the first
    /// marker other than a restart marker or a stuffed zero (or the end of the bytes).
    private static func endOfEntropyData(_ raw: UnsafeRawBufferPointer, from index: Int) -> Int {
        guard let base = raw.baseAddress else { return index }
        var position = index
        while position < raw.count {
            // memchr is far faster than a byte loop over megabytes of coefficients.
            guard let found = memchr(base + position, 0xFF, raw.count - position) else { return raw.count }
            let at = base.distance(to: UnsafeRawPointer(found))
            guard at + 1 < raw.count else { return raw.count }
            let next = raw[at + 1]
            if next == 0x00 || (0xD0...0xD7).contains(next) || next == 0xFF {
                position = at + 1
            } else {
                return at
            }
        }
        return raw.count
    }

    /// The frame header in an SOF segment; `nil` if it is too short for its components.
    private static func readFrame(_ raw: UnsafeRawBufferPointer, _ part: Part) -> Frame? {
        let payload = part.payload
        guard payload.count >= 6 else { return nil }
        let base = payload.lowerBound
        let height = Int(raw[base + 1]) << 8 | Int(raw[base + 2])
        let width = Int(raw[base + 3]) << 8 | Int(raw[base + 4])
        let components = Int(raw[base + 5])
        guard components >= 1, payload.count >= 6 + 3 * components else { return nil }
        var maxH = 1, maxV = 1
        for component in 0..<components {
            let sampling = raw[base + 6 + 3 * component + 1]
            maxH = max(maxH, Int(sampling >> 4))
            maxV = max(maxV, Int(sampling & 0x0F))
        }
        return Frame(marker: raw[part.range.lowerBound + 1], width: width, height: height,
                     maxHorizontalSampling: maxH, maxVerticalSampling: maxV, components: components)
    }
}
