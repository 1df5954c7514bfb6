import Foundation

/// A minimal tar writer (ustar, with PAX headers for long or odd names), so hostile archives can be
/// built entry by entry: links, devices, `..`, absolute and very long names.
struct TarWriter {
    enum EntryType: UInt8 {
        case file = 0x30, hardLink = 0x31, symbolicLink = 0x32, characterDevice = 0x33, directory = 0x35, fifo = 0x36
    }

    private(set) var bytes = Data()

    mutating func add(_ name: String, type: EntryType = .file, data: Data = Data(), link: String = "", mode: Int = 0o644) {
        let nameBytes = Array(name.utf8), linkBytes = Array(link.utf8)
        let needsPAX = nameBytes.count > 99 || linkBytes.count > 99 || nameBytes.contains(0) || nameBytes.contains { $0 >= 0x80 }
        if needsPAX {
            var records = Data()
            records += Self.paxRecord("path", nameBytes)
            if !linkBytes.isEmpty { records += Self.paxRecord("linkpath", linkBytes) }
            appendHeader(name: Array("PaxHeaders/entry".utf8), type: 0x78, size: records.count, link: [], mode: 0o644)
            appendPadded(records)
        }
        appendHeader(name: needsPAX ? Array(nameBytes.prefix(99).filter { $0 != 0 }) : nameBytes, type: type.rawValue,
                     size: type == .file ? data.count : 0, link: needsPAX ? Array(linkBytes.prefix(99)) : linkBytes, mode: mode)
        if type == .file { appendPadded(data) }
    }

    /// The archive with its end marker.
    func finished() -> Data { bytes + Data(count: 1024) }

    private static func paxRecord(_ key: String, _ value: [UInt8]) -> Data {
        let body = Array(" \(key)=".utf8) + value + [0x0A]
        var length = body.count + 1
        while String(length).count + body.count != length { length = String(length).count + body.count }
        return Data(Array(String(length).utf8) + body)
    }

    private mutating func appendPadded(_ data: Data) {
        bytes += data
        let remainder = data.count % 512
        if remainder != 0 { bytes += Data(count: 512 - remainder) }
    }

    private mutating func appendHeader(name: [UInt8], type: UInt8, size: Int, link: [UInt8], mode: Int) {
        var header = [UInt8](repeating: 0, count: 512)
        func put(_ offset: Int, _ value: [UInt8], _ width: Int) {
            for (i, byte) in value.prefix(width).enumerated() { header[offset + i] = byte }
        }
        func octal(_ offset: Int, _ value: Int, _ width: Int) {
            put(offset, Array(String(String(value, radix: 8).suffix(width - 1)).leftPadded(to: width - 1).utf8) + [0], width)
        }
        put(0, name, 100)
        octal(100, mode, 8)
        octal(108, 0, 8)
        octal(116, 0, 8)
        octal(124, size, 12)
        octal(136, 1_750_000_000, 12)
        put(148, Array(repeating: 0x20, count: 8), 8)
        header[156] = type
        put(157, link, 100)
        put(257, Array("ustar".utf8) + [0], 6)
        put(263, Array("00".utf8), 2)
        put(265, Array("root".utf8), 32)
        put(297, Array("root".utf8), 32)
        octal(329, 0, 8)
        octal(337, 0, 8)
        let sum = header.reduce(0) { $0 + Int($1) }
        put(148, Array(String(String(sum, radix: 8)).leftPadded(to: 6).utf8) + [0, 0x20], 8)
        bytes += Data(header)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
