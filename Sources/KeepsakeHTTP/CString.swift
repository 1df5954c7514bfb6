extension String {
    /// The text of a NUL-terminated C string held in an array (UTF-8, repaired if invalid).
    init(nulTerminated buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
