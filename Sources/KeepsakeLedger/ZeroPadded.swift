/// `number` in decimal, left-padded with zeros to `width` digits (`zeroPadded(7, 2)` is `"07"`).
func zeroPadded(_ number: Int, _ width: Int) -> String {
    let digits = String(number)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
