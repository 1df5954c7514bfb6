import Foundation

/// A file's device and inode number.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// The identity of what `path` names now (following no link), nil if nothing is there.
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
