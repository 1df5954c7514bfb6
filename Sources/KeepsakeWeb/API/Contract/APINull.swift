/// An optional property that a response writes as `null` when it has no value (Swift's
/// synthesized `Encodable` leaves such a key out; the API's bodies always carry every key).
@propertyWrapper
struct APINull<Value: Encodable & Sendable>: Encodable, Sendable {
    /// The value, `nil` for `null`.
    var wrappedValue: Value?

    /// Wraps a value.
    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Encodes the value, or `null`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
