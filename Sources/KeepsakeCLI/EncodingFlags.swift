import KeepsakeStore

/// The switches that choose, for one command, how the photos it adds are stored: the user's
/// override of the store's ``StoreOptions/encodingPolicy`` (shown by `keepsake status`). Every
/// command that adds photos lists ``group``; ``Invocation/openStore()`` reads them.
enum EncodingFlags {
    /// `--lossless` (also `--keep-original`).
    static let lossless = Flag("--lossless", aliases: ["--keep-original"], help: """
        JPEG photos as the camera wrote them: not re-encoded, turned upright
        without loss, metadata such as GPS removed, colour profile kept. Other
        formats are stored as JPEG quality 80.
        """)
    /// `--reencode`.
    static let reencode = Flag("--reencode", help: """
        Every photo re-encoded as JPEG quality 80 (smaller for photos saved at
        high quality), metadata removed.
        """)

    /// The two, under their heading in a command's help; giving both is a usage error.
    static let group = OptionGroup(
        heading: "How photos are stored (for this command; keepsake status shows the store's default):",
        options: [lossless, reencode],
        rules: [.atMostOne([[lossless], [reencode]], message: "--lossless and --reencode contradict each other; give one of them.")])

    /// The policy the switches of `call` ask for, or `nil` for the store's default.
    static func policy(_ call: Invocation) -> ImageEncodingPolicy? {
        call[lossless] ? .lossless : call[reencode] ? .reencode : nil
    }
}
