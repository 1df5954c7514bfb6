import Foundation

extension ImageSource {
    /// Reads the bytes of a new image, refusing more than `limit` bytes. A file is the user's, outside
    /// the store, so it may be reached through a symbolic link.
    func loadInput(limit: Int) throws -> ImageInput {
        switch self {
        case .data(let data, let name):
            guard data.count <= limit else {
                throw KeepsakeError(.imageTooLarge, "\(KeepsakeError.printable(name)) is \(data.count) bytes, over the limit of \(limit) bytes; nothing was stored.")
            }
            return ImageInput(bytes: data, name: name)
        case .file(let url):
            let path = url.path
            switch FileInspector.kind(of: path) {
            case .missing:
                // A dangling link is missing too.
                throw KeepsakeError(.notFound, "The image file \(KeepsakeError.printable(path)) does not exist; check the path. Nothing was stored.", path: path)
            case .directory:
                throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(path)) is a folder, not an image file; nothing was stored.", path: path)
            default: break
            }
            let data = try FileInspector.read(path, limit: limit, followSymlinks: true)
            return ImageInput(bytes: data, name: url.lastPathComponent)
        }
    }
}
