/// The binary format of `numeric`: digits in base 10,000, a weight, a sign and a display scale.
enum PostgresNumeric {
    /// The exact decimal text of a binary `numeric` (`-12.50`, `NaN`, `Infinity`).
    static func text(binary bytes: some Collection<UInt8>, cell: PostgresCell) throws -> String {
        let b = Array(bytes)
        guard b.count >= 8 else { throw cell.mismatch(String.self, "truncated numeric") }
        func u16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        let count = u16(0), weight = Int(Int16(bitPattern: UInt16(u16(2)))), sign = u16(4), scale = u16(6)
        guard b.count == 8 + 2 * count else { throw cell.mismatch(String.self, "truncated numeric") }
        switch sign {
        case 0xC000: return "NaN"
        case 0xD000: return "Infinity"
        case 0xF000: return "-Infinity"
        case 0x0000, 0x4000: break
        default: throw cell.mismatch(String.self, "bad numeric sign")
        }
        let digits = (0..<count).map { u16(8 + 2 * $0) }
        // Integer part: base-10,000 digits at weights weight…0.
        var integer = ""
        if weight >= 0 {
            for position in 0...weight {
                let digit = position < digits.count ? digits[position] : 0
                integer += position == 0 ? String(digit) : String(repeating: "0", count: 4 - String(digit).count) + String(digit)
            }
        } else {
            integer = "0"
        }
        var fraction = ""
        if scale > 0 {
            var position = weight + 1
            while fraction.count < scale {
                let digit = position >= 0 && position < digits.count ? digits[position] : 0
                fraction += String(repeating: "0", count: 4 - String(digit).count) + String(digit)
                position += 1
            }
            fraction = String(fraction.prefix(scale))
        }
        let text = fraction.isEmpty ? integer : integer + "." + fraction
        return sign == 0x4000 ? "-" + text : text
    }
}
