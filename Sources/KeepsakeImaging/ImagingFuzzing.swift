/// Narrow entry points for the fuzz targets (`keepsake-fuzz`, fuzz/run.sh) into the header
/// readers that run on uploaded bytes before libvips; `package`, so nothing outside sees them.
package enum ImagingFuzzing {
    /// ``PNGChunks/overlongChunk(_:)``: the type, claimed length and bytes left of an ancillary
    /// chunk that claims more than the file holds.
    package static func overlongPNGChunk(_ bytes: UnsafeRawBufferPointer) -> (type: String, length: Int, available: Int)? {
        PNGChunks.overlongChunk(bytes)
    }
    /// ``JPEGFrameHeader/find(in:)``: the SOF marker and precision, and why it cannot be decoded.
    package static func jpegFrameHeader(_ bytes: UnsafeRawBufferPointer) -> (marker: UInt8, precision: Int, unsupportedReason: String?)? {
        JPEGFrameHeader.find(in: bytes).map { ($0.marker, $0.precision, $0.unsupportedReason) }
    }
}
