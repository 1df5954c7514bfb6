import Foundation

/// `keepsake-export.json`: what an export archive claims to hold.
struct ExportManifest: Codable {
    var format: String
    var version: Int
    var exportedAt: Date
    var records: Int
    var images: Int
}
