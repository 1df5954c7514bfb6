import Foundation

/// Sizes of storage as people write and read them: decimal units (`500MB` is 500,000,000 bytes,
/// `2GB` 2,000,000,000), binary ones where asked for (`1GiB`).
public enum StorageSize {
    /// Parses `500MB`, `2 GB`, `1.5GB`, `700KiB`, `1048576` (bytes) and the like; `nil` for anything
    /// else (negative, empty, an unknown unit, more than an `Int64` holds).
    public static func parse(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [(String, Double)] = [("KIB", 1024), ("MIB", 1_048_576), ("GIB", 1_073_741_824), ("TIB", 1_099_511_627_776),
                                         ("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("TB", 1e12), ("K", 1e3), ("M", 1e6), ("G", 1e9), ("T", 1e12), ("B", 1)]
        var number = trimmed, factor = 1.0
        for (unit, value) in units where trimmed.hasSuffix(unit) {
            number = String(trimmed.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
            factor = value
            break
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number) else { return nil }
        let bytes = (value * factor).rounded()
        guard bytes >= 0, bytes < 9.2e18 else { return nil }
        return Int64(bytes)
    }

    /// Bytes as ``parse(_:)`` reads them back exactly: `2GB`, `500MB`, `1500KB`, or a count of bytes.
    public static func exact(_ bytes: Int64) -> String {
        for (unit, factor) in [("TB", Int64(1_000_000_000_000)), ("GB", 1_000_000_000), ("MB", 1_000_000), ("KB", 1_000)]
        where bytes >= factor && bytes % factor == 0 {
            return "\(bytes / factor)\(unit)"
        }
        return "\(bytes)"
    }

    /// Bytes in a decimal unit with one decimal, e.g. `1.5 GB`; below 1000 bytes, `999 B`.
    public static func describe(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB", "PB"]
        var value = Double(bytes), unit = 0
        while value >= 1000, unit < units.count - 1 { value /= 1000; unit += 1 }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }
}
