import Foundation

/// MD5, computed here with `md5sum` (coreutils), independently of the importer, to name test photos
/// the way Day One does.
enum Insecure {
    static func md5(_ data: Data) -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-md5-\(UUID().uuidString)")
        try? data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/md5sum")
        process.arguments = [file.path]
        let output = Pipe()
        process.standardOutput = output
        try? process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(32))
    }
}
