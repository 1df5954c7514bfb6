import Foundation

/// The folder rules shared by the embedded backends: top folders are created (with missing parents)
/// but never through a symbolic link.
enum LocalFolders {
    /// Makes `path` a folder if it is missing; refuses a symbolic link or a file in its place.
    static func makeTopDirectory(_ path: String, fileSystem: any FileSystem) throws {
        switch FileInspector.kind(of: path) {
        case .directory: return
        case .symlink:
            throw KeepsakeError(.symlinkRefused, "Refused to open the store: \(KeepsakeError.printable(path)) is a symbolic link.", path: path, remedy: .useRealFolder)
        case .missing:
            // Create missing parents of the top folder too (a fresh XDG data folder, say).
            let parent = (path as NSString).deletingLastPathComponent
            if parent != path, FileInspector.kind(of: parent) == .missing {
                try makeTopDirectory(parent, fileSystem: fileSystem)
            }
            try fileSystem.makeDirectory(path)
        default:
            throw KeepsakeError(.invalidArgument, "Cannot use \(KeepsakeError.printable(path)) as a store folder: something other than a folder is there.", path: path)
        }
    }
}
