/// Why a text is not an amount that can be stored.
struct AmountProblem: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
