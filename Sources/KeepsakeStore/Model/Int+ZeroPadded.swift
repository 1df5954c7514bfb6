extension Int {
    /// This number in decimal, left-padded with zeros to `width` digits (a minus sign goes before
    /// the zeros): `7.zeroPadded(2)` is `"07"`, `(-5).zeroPadded(3)` is `"-005"`. The one way the
    /// engine and the apps write years, months, days and week numbers.
    public func zeroPadded(_ width: Int) -> String {
        let digits = String(magnitude)
        let zeros = String(repeating: "0", count: Swift.max(0, width - digits.count))
        return (self < 0 ? "-" : "") + zeros + digits
    }
}
