extension Currency: CodingKeyRepresentable {
    /// The code as a dictionary key, so `[Currency: …]` encodes as a JSON object keyed by code.
    public var codingKey: any CodingKey { CurrencyCodingKey(stringValue: code) }

    /// The currency named by a dictionary key; `nil` for an unknown code.
    public init?<T: CodingKey>(codingKey: T) {
        guard let currency = try? Currency(code: codingKey.stringValue) else { return nil }
        self = currency
    }
}

/// A coding key holding a currency code.
private struct CurrencyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
