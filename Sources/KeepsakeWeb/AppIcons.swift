import Foundation

/// The app's icons: PNGs rendered from the project's own artwork (`Resources/Icons/keepsake.svg`
/// and `keepsake-maskable.svg`) by `scripts/make-icons`, shipped in the module's resources and
/// served under `/assets/` for the manifest, the home screen and the browser tab.
enum AppIcons {
    /// One icon: its file name under `/assets/`, its size in pixels, what it is for.
    struct Icon: Sendable {
        let name: String
        let size: Int
        /// The manifest's `purpose`: `any` or `maskable`; `nil` for an icon the manifest does not list.
        let purpose: String?
    }

    /// Every icon, as scripts/make-icons makes them.
    static let all: [Icon] = [
        Icon(name: "icon-192.png", size: 192, purpose: "any"),
        Icon(name: "icon-512.png", size: 512, purpose: "any"),
        Icon(name: "icon-maskable-512.png", size: 512, purpose: "maskable"),
        Icon(name: "apple-touch-icon.png", size: 180, purpose: nil),
        Icon(name: "favicon-32.png", size: 32, purpose: nil),
    ]

    /// The folder of the icons in this module's resources, if the build has it.
    static var folder: URL? { Bundle.module.url(forResource: "Icons", withExtension: nil) }

    /// The bytes of each icon found, by name.
    static func load() -> [String: Data] {
        guard let folder else { return [:] }
        var result: [String: Data] = [:]
        for icon in all {
            if let data = try? Data(contentsOf: folder.appendingPathComponent(icon.name)) { result[icon.name] = data }
        }
        return result
    }
}
