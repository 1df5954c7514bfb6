import Foundation
import KeepsakeCrashLog

/// Deterministic mutations of valid images: input `i` of seed `s` is always the same bytes, so a
/// crash or hang found on one machine can be replayed anywhere (`bad-input --only i --seed s`).
enum Mutations {
    /// Values that break size arithmetic.
    static let interesting: [UInt32] = [0, 1, 2, 3, 7, 8, 255, 256, 4095, 4096, 16383, 16384, 32767, 32768, 65535, 65536,
                                        100_000, 1 << 20, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFE, 0xFFFF_FFFF]

    struct Mutated {
        let name: String
        let bytes: Data
        let how: String
    }

    /// The `index`-th mutated input of `seed` from `sources` (valid images: name and bytes).
    static func make(index: Int, seed: UInt64, sources: [(name: String, bytes: Data)]) -> Mutated {
        var random = SplitMix(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
        let source = sources[Int.random(in: 0..<sources.count, using: &random)]
        var bytes = [UInt8](source.bytes)
        var how: [String] = []
        // One to three mutations on top of each other.
        for _ in 0..<(Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 2...3, using: &random) : 1) {
            how.append(mutate(&bytes, random: &random, other: sources[Int.random(in: 0..<sources.count, using: &random)].bytes))
        }
        return Mutated(name: "mutant-\(index)-of-\((source.name as NSString).lastPathComponent)", bytes: Data(bytes), how: how.joined(separator: " + "))
    }

    static func mutate(_ bytes: inout [UInt8], random: inout SplitMix, other: Data) -> String {
        guard !bytes.isEmpty else { bytes = [0]; return "empty" }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<22:
            // Bit flips, half of the time in the headers.
            let count = Int.random(in: 1...8, using: &random)
            let headerOnly = Bool.random(using: &random)
            for _ in 0..<count {
                let position = Int.random(in: 0..<(headerOnly ? min(bytes.count, 1024) : bytes.count), using: &random)
                bytes[position] ^= 1 << UInt8.random(in: 0...7, using: &random)
            }
            return "\(count) bit flips\(headerOnly ? " in the first 1 KB" : "")"
        case 22..<36:
            // Truncation: anywhere, or just the last few bytes.
            let length = Bool.random(using: &random) ? Int.random(in: 0..<bytes.count, using: &random)
                : max(0, bytes.count - Int.random(in: 1...64, using: &random))
            bytes.removeSubrange(length...)
            return "truncated to \(length) bytes"
        case 36..<60:
            return editDimensions(&bytes, random: &random) ?? bitFlip(&bytes, random: &random)
        case 60..<68:
            // A run of bytes overwritten with 00, FF or noise.
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let length = min(Int.random(in: 1...64, using: &random), bytes.count - start)
            let fill = Int.random(in: 0..<3, using: &random)
            for position in start..<(start + length) {
                bytes[position] = fill == 0 ? 0 : fill == 1 ? 0xFF : UInt8.random(in: 0...255, using: &random)
            }
            return "\(length) bytes at \(start) overwritten"
        case 68..<80:
            return editLengthField(&bytes, random: &random) ?? bitFlip(&bytes, random: &random)
        case 80..<87:
            // Bytes inserted or deleted in the middle.
            let position = Int.random(in: 0...bytes.count, using: &random)
            if Bool.random(using: &random) || position == bytes.count {
                let inserted = (0..<Int.random(in: 1...256, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                bytes.insert(contentsOf: inserted, at: position)
                return "\(inserted.count) bytes inserted at \(position)"
            }
            let length = min(Int.random(in: 1...512, using: &random), bytes.count - position)
            bytes.removeSubrange(position..<(position + length))
            return "\(length) bytes deleted at \(position)"
        case 87..<94:
            // The start of this file spliced onto the rest of another.
            let cut = Int.random(in: 0..<bytes.count, using: &random)
            let otherCut = other.isEmpty ? 0 : Int.random(in: 0..<other.count, using: &random)
            bytes = Array(bytes[..<cut]) + Array(other[other.index(other.startIndex, offsetBy: otherCut)...])
            return "spliced at \(cut) with another file from \(otherCut)"
        case 94..<97:
            let garbage = (0..<Int.random(in: 1...4096, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            bytes += garbage
            return "\(garbage.count) bytes appended"
        default:
            // Repeat a chunk many times (parsers that loop over segments).
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let length = min(Int.random(in: 8...64, using: &random), bytes.count - start)
            let chunk = Array(bytes[start..<(start + length)])
            let times = Int.random(in: 2...200, using: &random)
            bytes.insert(contentsOf: Array([[UInt8]](repeating: chunk, count: times).joined()), at: start)
            return "\(length) bytes at \(start) repeated \(times) times"
        }
    }

    static func bitFlip(_ bytes: inout [UInt8], random: inout SplitMix) -> String {
        let position = Int.random(in: 0..<bytes.count, using: &random)
        bytes[position] ^= 1 << UInt8.random(in: 0...7, using: &random)
        return "1 bit flip"
    }

    static func value(_ random: inout SplitMix) -> UInt32 {
        Bool.random(using: &random) ? interesting[Int.random(in: 0..<interesting.count, using: &random)] : UInt32.random(in: 0...UInt32.max, using: &random)
    }

    // MARK: - Header edits

    /// Changes the declared width/height: PNG IHDR (CRC fixed or not), JPEG SOF, GIF screen and
    /// frame, WebP VP8/VP8L/VP8X, HEIF `ispe`.
    static func editDimensions(_ bytes: inout [UInt8], random: inout SplitMix) -> String? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes.count >= 33 {
            let width = value(&random), height = Bool.random(using: &random) ? value(&random) : UInt32(readBE32(bytes, 20))
            writeBE32(&bytes, 16, width)
            writeBE32(&bytes, 20, height)
            let fix = Int.random(in: 0..<4, using: &random) != 0
            if fix { writeBE32(&bytes, 29, crc32(bytes[12..<29])) }
            return "PNG IHDR \(width)x\(height)\(fix ? " (CRC fixed)" : "")"
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            var position = 2
            while position + 9 < bytes.count {
                guard bytes[position] == 0xFF else { break }
                let marker = bytes[position + 1]
                let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
                if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                    let width = UInt16(truncatingIfNeeded: value(&random)), height = UInt16(truncatingIfNeeded: value(&random))
                    bytes[position + 5] = UInt8(height >> 8); bytes[position + 6] = UInt8(height & 0xFF)
                    bytes[position + 7] = UInt8(width >> 8); bytes[position + 8] = UInt8(width & 0xFF)
                    if Int.random(in: 0..<4, using: &random) == 0 { bytes[position + 9] = UInt8.random(in: 0...5, using: &random) }
                    return "JPEG SOF \(width)x\(height)"
                }
                position += 2 + length
            }
            return nil
        }
        if bytes.starts(with: Array("GIF8".utf8)), bytes.count >= 10 {
            let width = UInt16(truncatingIfNeeded: value(&random)), height = UInt16(truncatingIfNeeded: value(&random))
            bytes[6] = UInt8(width & 0xFF); bytes[7] = UInt8(width >> 8); bytes[8] = UInt8(height & 0xFF); bytes[9] = UInt8(height >> 8)
            return "GIF screen \(width)x\(height)"
        }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 30 {
            let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
            switch chunk {
            case "VP8X":
                let width = value(&random) & 0xFF_FFFF, height = value(&random) & 0xFF_FFFF
                writeLE24(&bytes, 24, width); writeLE24(&bytes, 27, height)
                return "WebP VP8X canvas \(width + 1)x\(height + 1)"
            case "VP8 ":
                let width = UInt16(truncatingIfNeeded: value(&random)), height = UInt16(truncatingIfNeeded: value(&random))
                bytes[26] = UInt8(width & 0xFF); bytes[27] = UInt8(width >> 8); bytes[28] = UInt8(height & 0xFF); bytes[29] = UInt8(height >> 8)
                return "WebP VP8 \(width & 0x3FFF)x\(height & 0x3FFF)"
            case "VP8L":
                let bits = value(&random)
                bytes[21] = UInt8(bits & 0xFF); bytes[22] = UInt8((bits >> 8) & 0xFF); bytes[23] = UInt8((bits >> 16) & 0xFF); bytes[24] = UInt8(bits >> 24)
                return "WebP VP8L size bits \(String(bits, radix: 16))"
            default: return nil
            }
        }
        if let ispe = find(Array("ispe".utf8), in: bytes), ispe + 16 <= bytes.count {
            let width = value(&random), height = value(&random)
            writeBE32(&bytes, ispe + 8, width)
            writeBE32(&bytes, ispe + 12, height)
            return "HEIF ispe \(width)x\(height)"
        }
        return nil
    }

    /// Changes one chunk or segment length: PNG chunk lengths, JPEG segment lengths, RIFF/ISO-BMFF sizes.
    static func editLengthField(_ bytes: inout [UInt8], random: inout SplitMix) -> String? {
        var offsets: [(Int, Int)] = []  // (offset, width in bytes)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            var position = 8
            while position + 8 <= bytes.count {
                offsets.append((position, 4))
                position += 12 + Int(readBE32(bytes, position))
            }
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            var position = 2
            while position + 4 <= bytes.count, bytes[position] == 0xFF, bytes[position + 1] != 0xDA {
                offsets.append((position + 2, 2))
                position += 2 + (Int(bytes[position + 2]) << 8 | Int(bytes[position + 3]))
            }
        } else if bytes.count >= 8 {
            // RIFF (little-endian sizes at 4 and 16) or ISO-BMFF boxes (big-endian sizes).
            if bytes.starts(with: Array("RIFF".utf8)) {
                offsets = [(4, 4)] + (bytes.count >= 20 ? [(16, 4)] : [])
            } else {
                var position = 0
                while position + 8 <= bytes.count, offsets.count < 32 {
                    offsets.append((position, 4))
                    let size = Int(readBE32(bytes, position))
                    guard size >= 8 else { break }
                    position += size
                }
            }
        }
        guard !offsets.isEmpty else { return nil }
        let (offset, width) = offsets[Int.random(in: 0..<offsets.count, using: &random)]
        let newValue = value(&random)
        for i in 0..<width where offset + i < bytes.count {
            bytes[offset + i] = UInt8(truncatingIfNeeded: newValue >> (8 * UInt32(width - 1 - i)))
        }
        return "length field at \(offset) set to \(newValue)"
    }

    // MARK: - Crafted bombs

    /// Small files that declare enormous images, each with a correct header.
    static func bombs(png: Data, jpeg: Data, gif: Data?) -> [Mutated] {
        var result: [Mutated] = []
        for (width, height) in [(100_000, 100_000), (65_535, 65_535), (1, 0x7FFF_FFFF), (0x7FFF_FFFF, 0x7FFF_FFFF), (30_000, 30_000), (20_000, 20_000)] {
            var bytes = [UInt8](png)
            writeBE32(&bytes, 16, UInt32(width))
            writeBE32(&bytes, 20, UInt32(height))
            writeBE32(&bytes, 29, crc32(bytes[12..<29]))
            result.append(Mutated(name: "bomb-png-\(width)x\(height).png", bytes: Data(bytes), how: "PNG IHDR \(width)x\(height), CRC fixed"))
        }
        for (width, height) in [(65_500, 65_500), (65_535, 1), (30_000, 30_000), (12_000, 9_000)] {
            var bytes = [UInt8](jpeg)
            var position = 2
            while position + 9 < bytes.count, bytes[position] == 0xFF {
                let marker = bytes[position + 1]
                if marker == 0xC0 || marker == 0xC1 || marker == 0xC2 {
                    bytes[position + 5] = UInt8(height >> 8); bytes[position + 6] = UInt8(height & 0xFF)
                    bytes[position + 7] = UInt8(width >> 8); bytes[position + 8] = UInt8(width & 0xFF)
                    break
                }
                position += 2 + (Int(bytes[position + 2]) << 8 | Int(bytes[position + 3]))
            }
            result.append(Mutated(name: "bomb-jpeg-\(width)x\(height).jpg", bytes: Data(bytes), how: "JPEG SOF \(width)x\(height)"))
        }
        // A GIF that declares a 65535x65535 screen and frame.
        var gifBytes = [UInt8]("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00]
        gifBytes += [0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x02, 0x02, 0x4C, 0x01, 0x00, 0x3B]
        result.append(Mutated(name: "bomb-gif-65535x65535.gif", bytes: Data(gifBytes), how: "GIF screen and frame 65535x65535"))
        if let gif { _ = gif }
        // A lossless WebP (VP8L) header declaring 16384x16384.
        var webp = [UInt8]("RIFF".utf8) + [0, 0, 0, 0] + [UInt8]("WEBPVP8L".utf8) + [10, 0, 0, 0, 0x2F]
        let bits: UInt32 = (16383) | (16383 << 14)
        webp += [UInt8(bits & 0xFF), UInt8((bits >> 8) & 0xFF), UInt8((bits >> 16) & 0xFF), UInt8(bits >> 24), 0, 0, 0, 0, 0, 0]
        let riffSize = UInt32(webp.count - 8)
        webp[4] = UInt8(riffSize & 0xFF); webp[5] = UInt8((riffSize >> 8) & 0xFF)
        result.append(Mutated(name: "bomb-webp-16384x16384.webp", bytes: Data(webp), how: "WebP VP8L 16384x16384"))
        return result
    }

    // MARK: - Bytes

    static func readBE32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        guard offset + 4 <= bytes.count else { return 0 }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    static func writeBE32(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
        guard offset + 4 <= bytes.count else { return }
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(i))) }
    }

    static func writeLE24(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
        guard offset + 3 <= bytes.count else { return }
        for i in 0..<3 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(i))) }
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] && Array(bytes[start..<(start + needle.count)]) == needle {
            return start
        }
        return nil
    }

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
