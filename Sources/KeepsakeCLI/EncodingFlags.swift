import KeepsakeStore

/// The switches that choose, for one command, how the photos it adds are stored: the user's
/// override of the store's ``StoreOptions/encodingPolicy`` (shown by `keepsake status`).
enum EncodingFlags {
    /// `--lossless` (also `--keep-original`) and `--reencode`.
    static let switches: Set<String> = ["--lossless", "--keep-original", "--reencode"]

    /// The paragraph added to the help of every action that adds photos.
    static let help = """
        How photos are stored (for this command; keepsake status shows the store's default):
          --lossless         JPEG photos as the camera wrote them: not re-encoded, turned upright
                             without loss, metadata such as GPS removed, colour profile kept. Other
                             formats are stored as JPEG quality 80. (--keep-original is the same.)
          --reencode         Every photo re-encoded as JPEG quality 80 (smaller for photos saved at
                             high quality), metadata removed.
        """

    /// `help` with ``help`` added before its examples.
    static func insert(into help: String) -> String {
        guard let examples = help.range(of: "\nExamples:\n") else { return help + "\n\n" + self.help }
        return String(help[..<examples.lowerBound]) + "\n" + self.help + "\n" + String(help[examples.lowerBound...])
    }

    /// The policy the switches in `arguments` ask for, or `nil` for the store's default.
    static func policy(_ arguments: CommandLineArguments) throws -> ImageEncodingPolicy? {
        let lossless = arguments.has("--lossless") || arguments.has("--keep-original")
        let reencode = arguments.has("--reencode")
        switch (lossless, reencode) {
        case (true, true): throw UsageError(description: "--lossless and --reencode contradict each other; give one of them.")
        case (true, false): return .lossless
        case (false, true): return .reencode
        case (false, false): return nil
        }
    }
}
