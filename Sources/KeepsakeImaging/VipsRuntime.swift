import CVips

/// Starts libvips once per process and reports whether that worked.
///
/// `cvips_init` runs `vips_init` under a `g_once` guard, blocks the loaders libvips marks untrusted
/// and turns the operation cache off; this type only remembers the outcome, so there is no mutable
/// shared state here.
enum VipsRuntime {
    /// `nil` once libvips is running, otherwise why it could not start.
    private static let startFailure: String? = {
        var error: UnsafeMutablePointer<CChar>?
        if cvips_init(&error) == 0 { return nil }
        let failure = VipsFailure(taking: error).detail
        return failure.isEmpty ? "vips_init failed" : failure
    }()

    /// Makes sure libvips is running.
    static func start() throws(VipsFailure) {
        if let startFailure { throw VipsFailure(startFailure) }
    }

    /// The libvips version in use, such as "8.14.1".
    static var version: String {
        String(cString: cvips_version())
    }
}
