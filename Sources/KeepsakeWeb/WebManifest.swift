import Foundation

/// `/manifest.webmanifest`: what a browser needs to install Keepsake to the home screen (name,
/// icons, colours, start page, standalone display). One manifest for both languages (`lang` en;
/// the pages themselves follow the browser's language).
enum WebManifest {
    /// The app's theme colour (the pages' accent) and the background shown while it starts (their wash).
    static let themeColor = "#2f6f8f", backgroundColor = "#f5f6f4"

    /// The manifest, with the icons at their versioned URLs (`url(name)`).
    static func json(iconURL url: (String) -> String) -> Data {
        let icons: [[String: String]] = AppIcons.all.compactMap { icon in
            icon.purpose.map { ["src": url(icon.name), "sizes": "\(icon.size)x\(icon.size)", "type": "image/png", "purpose": $0] }
        }
        let manifest: [String: Any] = [
            "id": "/",
            "name": "Keepsake",
            "short_name": "Keepsake",
            "description": "A diary, a ledger and a feed with photos, kept on your own server.",
            "lang": "en",
            "start_url": "/diary",
            "scope": "/",
            "display": "standalone",
            "orientation": "any",
            "theme_color": themeColor,
            "background_color": backgroundColor,
            "icons": icons,
        ]
        do {
            return try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])
        } catch {
            // Strings, dictionaries and arrays of them only: a failure is a bug here, not a condition.
            preconditionFailure("The web app manifest could not be written as JSON: \(error)")
        }
    }
}
