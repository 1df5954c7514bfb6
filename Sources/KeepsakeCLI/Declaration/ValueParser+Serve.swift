import KeepsakeStore
import KeepsakeWeb

/// The values of `keepsake serve`: the address and the port it listens on.
extension ValueParser where Value == String {
    /// An IPv4 address (`localhost` is 127.0.0.1).
    static let ipv4Address = ValueParser("ADDR") { text, name in
        let host = text == "localhost" ? WebConfiguration.loopbackHost : text
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && UInt8($0) != nil }) else {
            throw UsageError(description: "\(name) takes an IPv4 address such as 127.0.0.1 or 0.0.0.0, not \(KeepsakeError.quoted(text)).")
        }
        return host
    }
}

extension ValueParser where Value == UInt16 {
    /// A TCP port, 0 to 65535.
    static let port = ValueParser("N") { text, name in
        guard let port = UInt16(text) else { throw UsageError(description: "\(name) takes a number from 0 to 65535, not \(KeepsakeError.quoted(text)).") }
        return port
    }
}
