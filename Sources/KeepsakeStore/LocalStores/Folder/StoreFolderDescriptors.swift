import Foundation
import Synchronization

/// The store folders (data, cache) kept open for ``FolderBlobStore``'s reads, so that opening a
/// file below one is one `openat2` call instead of opening and closing its folder each time.
///
/// A kept descriptor is used only while its folder's path still names the same folder: the caller
/// passes what `lstat` of the path says now (``FileIdentity``), and a folder replaced or moved
/// since is opened afresh by its path. A descriptor is closed when the last read using it has
/// let go of it (``Folder`` closes on `deinit`), never under a read that is using it.
final class StoreFolderDescriptors: Sendable {
    /// An open store folder; closed when the last reference goes.
    final class Folder: Sendable {
        /// The descriptor, open on the folder (`O_DIRECTORY | O_NOFOLLOW`).
        let descriptor: Int32
        /// What it was opened on.
        let identity: FileIdentity

        fileprivate init(descriptor: Int32, identity: FileIdentity) {
            (self.descriptor, self.identity) = (descriptor, identity)
        }

        deinit { close(descriptor) }
    }

    private let folders = Mutex<[String: Folder]>([:])

    /// Creates an empty set.
    init() {}

    /// The folder at `path` open, if it is the folder `identity` names (as `lstat` of `path` just
    /// said): the kept one, or one opened now and kept. `nil` when it cannot be opened, or what
    /// opens is not that folder (it was replaced in between).
    func folder(at path: String, identity: FileIdentity) -> Folder? {
        if let kept = folders.withLock({ $0[path] }), kept.identity == identity { return kept }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, FileIdentity(info) == identity else {
            close(descriptor)
            return nil
        }
        let opened = Folder(descriptor: descriptor, identity: identity)
        folders.withLock { $0[path] = opened }
        return opened
    }
}
