import Foundation

/// A file's device and inode number: which file a path or a descriptor names, whatever its name.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// The identity of what `path` names now (following no link), nil if nothing is there.
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The identity of the file of `info` (from `stat`, `lstat` or `fstat`).
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
