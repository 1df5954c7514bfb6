import Foundation

extension FolderBlobStore {
    /// Walks `key` from its store folder with `lstat`, refusing symbolic links, and returns the
    /// absolute path of the existing file.
    func checkedExistingPath(_ key: RelativePath) throws -> String {
        let root = root(of: key.string)
        try checkStoreFolder(root)
        var current = root
        for component in key.components {
            current += "/" + component
            switch FileInspector.kind(of: current) {
            case .symlink:
                throw KeepsakeError(.symlinkRefused, "Refused to follow \(key): \(component) is a symbolic link inside the store.", path: key.string, remedy: .repairStore)
            case .missing:
                throw KeepsakeError(.notFound, "The stored file \(key) is missing.", path: key.string, remedy: .checkStore)
            default: continue
            }
        }
        return current
    }

    /// Creates the folders of `components` under `root` one by one (fsyncing each parent), refusing
    /// symbolic links, and returns the absolute path of the deepest one.
    @discardableResult
    func makeDirectories(_ components: [String], under root: String) throws -> String {
        try checkStoreFolder(root)
        var current = root
        for component in components {
            try RelativePath.checkComponent(component)
            let parent = current
            current += "/" + component
            switch FileInspector.kind(of: current) {
            case .directory: continue
            case .symlink:
                throw KeepsakeError(.symlinkRefused, "Refused to write into \(current): it is a symbolic link inside the store.", path: current, remedy: .repairStore)
            case .missing:
                try fileSystem.makeDirectory(current)
                try fileSystem.syncDirectory(parent)
            default:
                throw KeepsakeError(.io, "Cannot create the folder \(current): a file is in the way.", path: current, remedy: .checkStore)
            }
        }
        return current
    }

    /// Throws unless `root` (the data or the cache folder) is a real folder: replaced by a symbolic
    /// link after the store was opened, every path under it would lead outside the store. Returns
    /// which folder it is.
    @discardableResult
    func checkStoreFolder(_ root: String) throws -> FileIdentity {
        var info = Foundation.stat()
        guard lstat(root, &info) == 0 else {
            throw KeepsakeError(.notFound, "The store folder \(root) has disappeared.", path: root, remedy: .reopenStore)
        }
        switch PosixFile.kind(info) {
        case .directory: return FileIdentity(info)
        case .symlink:
            throw KeepsakeError(.symlinkRefused, "Refused to use \(root): the store folder has been replaced by a symbolic link.", path: root, remedy: .useRealFolder)
        default:
            throw KeepsakeError(.invalidArgument, "Cannot use \(root) as a store folder: something other than a folder is there.", path: root)
        }
    }

    /// Whether `root` and every folder of `components` under it are real folders (no link, nothing
    /// missing).
    func isRealFolder(_ components: [String], under root: String) -> Bool {
        var current = root
        guard FileInspector.kind(of: current) == .directory else { return false }
        for component in components {
            current += "/" + component
            guard FileInspector.kind(of: current) == .directory else { return false }
        }
        return true
    }

    /// What is at `key`, never looking through a link: `.missing` when a folder on the way is
    /// missing or is not a real folder (a link there leads outside the store).
    func storeKind(_ key: RelativePath) -> FileKind {
        let root = root(of: key.string)
        guard isRealFolder(key.parentComponents, under: root) else { return .missing }
        return FileInspector.kind(of: root + "/" + key.string)
    }
}
