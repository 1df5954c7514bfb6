import Foundation

/// Reads just enough of an ICC profile to tell whether it describes sRGB, so that pixels already in
/// sRGB are not sent through a colour transform that would leave them as they are.
///
/// A profile counts as sRGB when it is an RGB matrix/TRC profile whose three colorants (`rXYZ`,
/// `gXYZ`, `bXYZ`, adapted to D50 as ICC requires) are sRGB's within 0.003 and whose three tone
/// curves (`rTRC`, `gTRC`, `bTRC`, tables or parametric curves) follow the sRGB curve within 1/255
/// at every sample point; or a grey profile whose `kTRC` follows the sRGB curve (libvips' grey). The
/// white point tag is not compared: v2 profiles such as HP's `sRGB IEC61966-2.1` state D65 there
/// and lcms ignores it for the relative intent. Profiles with lookup tables (`A2B0`), and any that
/// cannot be read, are not sRGB: they go through lcms as before.
enum ICCProfile {
    /// sRGB's colorants adapted to D50 (Bradford), as every sRGB matrix profile stores them.
    private static let sRGBColorants: [(String, [Double])] = [
        ("rXYZ", [0.4361, 0.2225, 0.0139]),
        ("gXYZ", [0.3851, 0.7169, 0.0971]),
        ("bXYZ", [0.1431, 0.0606, 0.7141]),
    ]

    /// The points at which tone curves are compared with sRGB's.
    private static let samplePoints: [Double] = [0.0, 0.02, 0.04, 0.08, 0.15, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 1.0]

    /// Whether `profile` describes sRGB (or grey with the sRGB tone curve), as above.
    static func isSRGB(_ profile: UnsafeRawBufferPointer) -> Bool {
        guard profile.count >= 132, let tags = tagTable(profile) else { return false }
        let colourSpace = fourCC(profile, at: 16)
        if tags["A2B0"] != nil || tags["B2A0"] != nil { return false }
        switch colourSpace {
        case "RGB ":
            for (tag, expected) in sRGBColorants {
                guard let range = tags[tag], let xyz = readXYZ(profile, range),
                      zip(xyz, expected).allSatisfy({ abs($0 - $1) <= 0.003 }) else { return false }
            }
            return ["rTRC", "gTRC", "bTRC"].allSatisfy { tag in
                tags[tag].map { followsSRGBCurve(profile, $0) } ?? false
            }
        case "GRAY":
            return tags["kTRC"].map { followsSRGBCurve(profile, $0) } ?? false
        default:
            return false
        }
    }

    /// sRGB's decoding curve: encoded value 0...1 to linear light 0...1.
    static func sRGBCurve(_ value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    // MARK: - Reading

    /// The tag table: signature to byte range, every range inside the profile; `nil` if malformed.
    private static func tagTable(_ profile: UnsafeRawBufferPointer) -> [String: Range<Int>]? {
        let count = Int(uint32(profile, at: 128))
        guard count <= 100, 132 + count * 12 <= profile.count else { return nil }
        var tags: [String: Range<Int>] = [:]
        for index in 0..<count {
            let entry = 132 + index * 12
            let offset = Int(uint32(profile, at: entry + 4)), size = Int(uint32(profile, at: entry + 8))
            guard offset >= 0, size >= 0, offset <= profile.count, size <= profile.count - offset else { return nil }
            tags[fourCC(profile, at: entry)] = offset..<(offset + size)
        }
        return tags
    }

    /// An `XYZ ` tag's first value.
    private static func readXYZ(_ profile: UnsafeRawBufferPointer, _ range: Range<Int>) -> [Double]? {
        guard range.count >= 20, fourCC(profile, at: range.lowerBound) == "XYZ " else { return nil }
        return (0..<3).map { s15Fixed16(profile, at: range.lowerBound + 8 + 4 * $0) }
    }

    /// Whether a `curv` or `para` tag follows sRGB's curve within 1/255 at every sample point.
    private static func followsSRGBCurve(_ profile: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        guard let curve = toneCurve(profile, range) else { return false }
        return samplePoints.allSatisfy { abs(curve($0) - sRGBCurve($0)) <= 1.0 / 255 }
    }

    /// A tone curve as a function, from a `curv` (identity, gamma or table) or `para` (types 0–4) tag.
    private static func toneCurve(_ profile: UnsafeRawBufferPointer, _ range: Range<Int>) -> ((Double) -> Double)? {
        guard range.count >= 12 else { return nil }
        let start = range.lowerBound
        switch fourCC(profile, at: start) {
        case "curv":
            let count = Int(uint32(profile, at: start + 8))
            guard count <= (range.count - 12) / 2 else { return nil }
            if count == 0 { return { $0 } }
            if count == 1 {
                let gamma = Double(uint16(profile, at: start + 12)) / 256
                return { pow($0, gamma) }
            }
            let table = (0..<count).map { Double(uint16(profile, at: start + 12 + 2 * $0)) / 65535 }
            return { value in
                let position = min(max(value, 0), 1) * Double(count - 1)
                let low = Int(position.rounded(.down)), high = min(low + 1, count - 1)
                let fraction = position - Double(low)
                return table[low] + (table[high] - table[low]) * fraction
            }
        case "para":
            let type = Int(uint16(profile, at: start + 8))
            let parameterCounts = [1, 3, 4, 5, 7]
            guard type < parameterCounts.count, range.count >= 12 + 4 * parameterCounts[type] else { return nil }
            let p = (0..<parameterCounts[type]).map { s15Fixed16(profile, at: start + 12 + 4 * $0) }
            let g = p[0]
            switch type {
            case 0: return { pow($0, g) }
            case 1: return { $0 >= -p[2] / p[1] ? pow(p[1] * $0 + p[2], g) : 0 }
            case 2: return { $0 >= -p[2] / p[1] ? pow(p[1] * $0 + p[2], g) + p[3] : p[3] }
            case 3: return { $0 >= p[4] ? pow(p[1] * $0 + p[2], g) : p[3] * $0 }
            default: return { $0 >= p[4] ? pow(p[1] * $0 + p[2], g) + p[5] : p[3] * $0 + p[6] }
            }
        default:
            return nil
        }
    }

    private static func fourCC(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> String {
        String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
    }

    private static func uint16(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func uint32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    private static func s15Fixed16(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Double {
        Double(Int32(bitPattern: uint32(bytes, at: offset))) / 65536
    }
}
