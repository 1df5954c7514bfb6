/// The path parameters of a matched route, by name, each percent-decoded on its own.
public struct RouterParameters: Sendable, Hashable {
    /// The values by parameter name.
    public let values: [String: String]

    /// Creates parameters (the router makes these; tests of handlers may too).
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The value of parameter `name`, or `nil` when the route has no such parameter.
    public subscript(name: String) -> String? {
        values[name]
    }
}
