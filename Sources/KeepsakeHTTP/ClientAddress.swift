internal import CMicroHTTPD

/// The numeric address of `connection`'s client ("127.0.0.1", "::1"), or `nil` when libmicrohttpd
/// cannot tell it.
func clientAddress(of connection: OpaquePointer) -> String? {
    var buffer = [CChar](repeating: 0, count: 64)
    return cmhd_connection_client_address(connection, &buffer, buffer.count) == 0 ? String(nulTerminated: buffer) : nil
}
