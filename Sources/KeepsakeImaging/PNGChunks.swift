/// A look at a PNG's chunk lengths before any decoder sees the file.
///
/// Every PNG chunk declares its length in four bytes. A damaged or hostile file can declare a text
/// chunk of 1.4 GB in a 9 KB file, and libpng allocates the declared length before it finds the
/// data missing: seconds of work and a gigabyte of memory for one tiny upload (found by
/// `keepsake-torture bad-input`). No chunk of a sound PNG is longer than the bytes that follow it,
/// so an ancillary chunk (the kind libpng reads whole into memory: text, ICC profile, EXIF,
/// unknown ones) that claims more than that, and more than ``allowance`` bytes, marks the file as
/// damaged at once. Everything else (an ordinary truncated file, image data, bytes that are not a
/// chunk at all) is left to libpng, which names the damage itself.
enum PNGChunks {
    /// Over-claims up to this size cost nothing worth refusing early.
    static let allowance = 1 << 20

    /// The first chunk (type and declared length) whose length is more than the rest of the file and
    /// more than ``allowance``; `nil` when every chunk fits (or the bytes are not a PNG).
    static func overlongChunk(_ bytes: UnsafeRawBufferPointer) -> (type: String, length: Int, available: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, zip(bytes.prefix(8), signature).allSatisfy({ $0 == $1 }) else { return nil }
        var position = 8
        while position + 8 <= bytes.count {
            let length = Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16 | Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            let typeBytes = Array(bytes[(position + 4)..<(position + 8)])
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }  // libpng refuses it by name
            let type = String(decoding: typeBytes, as: UTF8.self)
            let ancillary = typeBytes[0] >= 0x61
            let available = bytes.count - position - 12
            if ancillary && length > available && length > allowance { return (type, length, max(available, 0)) }
            if type == "IEND" { return nil }
            position += 12 + length
        }
        return nil
    }
}
