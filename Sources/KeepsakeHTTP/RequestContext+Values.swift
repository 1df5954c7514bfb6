internal import CMicroHTTPD

extension RequestContext {
    /// The raw name/value pairs of one kind, in order (a value is `nil` for `?flag`).
    static func values(of kind: MHD_ValueKind, on connection: OpaquePointer) -> [([UInt8], [UInt8]?)] {
        let collector = PairCollector()
        withExtendedLifetime(collector) {
            _ = MHD_get_connection_values_n(connection, kind, collectPair,
                                            Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.pairs
    }
}

/// Collects the pairs libmicrohttpd reports through `MHD_get_connection_values_n`.
private final class PairCollector {
    var pairs: [([UInt8], [UInt8]?)] = []
}

/// `MHD_KeyValueIteratorN` for ``PairCollector``.
private func collectPair(_ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind,
                         _ key: UnsafePointer<CChar>?, _ keySize: Int,
                         _ value: UnsafePointer<CChar>?, _ valueSize: Int) -> MHD_Result {
    guard let cls, let key else { return MHD_Result.YES }
    let collector = Unmanaged<PairCollector>.fromOpaque(cls).takeUnretainedValue()
    let name = Array(UnsafeRawBufferPointer(start: key, count: keySize))
    let text = value.map { Array(UnsafeRawBufferPointer(start: $0, count: valueSize)) }
    collector.pairs.append((name, text))
    return MHD_Result.YES
}
