import KeepsakeStore

/// The switches that choose, for one command, how the photos it adds are stored: the user's
/// override of the store's ``StoreOptions/encodingPolicy`` (shown by `keepsake status`). Every
/// command that adds photos takes them as `@OptionGroup var encoding: EncodingFlags` and opens its
/// store with them (``Invocation/openStore(_:)``).
struct EncodingFlags: ParsableArguments {
    /// `--lossless` (also `--keep-original`).
    @Flag("--lossless", aliases: ["--keep-original"], help: """
        JPEG photos as the camera wrote them: not re-encoded, turned upright
        without loss, metadata such as GPS removed, colour profile kept. Other
        formats are stored as JPEG quality 80.
        """)
    var lossless: Bool
    /// `--reencode`.
    @Flag("--reencode", help: """
        Every photo re-encoded as JPEG quality 80 (smaller for photos saved at
        high quality), metadata removed.
        """)
    var reencode: Bool

    /// The heading of the two in a command's help.
    static var heading: String? { "How photos are stored (for this command; keepsake status shows the store's default):" }

    /// Giving both is a usage error.
    static var rules: [OptionRule] {
        [.atMostOne([[\Self.$lossless], [\Self.$reencode]], message: "--lossless and --reencode contradict each other; give one of them.")]
    }

    /// The policy the switches ask for, or `nil` for the store's default.
    var policy: ImageEncodingPolicy? { lossless ? .lossless : reencode ? .reencode : nil }
}
