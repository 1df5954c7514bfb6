/// Narrow entry points for the fuzz targets (`keepsake-fuzz`, fuzz/run.sh) into this module's
/// internal parsers; `package`, so nothing outside this package sees them.
package enum HTTPFuzzing {
    /// ``PercentEncoding/decode(_:)-(some Collection<UInt8>)`` on raw bytes.
    package static func percentDecode(bytes: [UInt8]) -> String? { PercentEncoding.decode(bytes) }
    /// ``PercentEncoding/decode(_:)-(String)`` on text.
    package static func percentDecode(text: String) -> String? { PercentEncoding.decode(text) }
    /// ``PercentEncoding/encodeCookie(_:isName:)``.
    package static func encodeCookie(_ text: String, isName: Bool) -> String { PercentEncoding.encodeCookie(text, isName: isName) }
}
