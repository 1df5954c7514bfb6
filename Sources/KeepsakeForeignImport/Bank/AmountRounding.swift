/// How an amount with more decimals than its currency has is rounded (`--round`); without one, such
/// an amount is refused with its line.
public enum AmountRounding: String, Sendable, Hashable, Codable, CaseIterable {
    /// To the nearest, halves away from zero (3.775 → 3.78, -3.775 → -3.78).
    case halfUp = "half-up"
    /// To the nearest, halves to the even digit (banker's rounding: 3.775 → 3.78, 3.785 → 3.78).
    case halfEven = "half-even"
    /// Toward zero: the extra digits are dropped (3.779 → 3.77).
    case down
}
