public import Foundation
public import KeepsakeStore

/// A folder of images saved under names you choose — an avatar, a downloaded banner — that can be
/// made again if lost (seed 004's `LocalFileManager`, done safely).
///
/// - It lives in the store's cache folder (`<cache>/named-images`, the Linux counterpart of
///   Caches): delete it any time, nothing else depends on it.
/// - Images go through the image processor: decoded by content, turned upright, metadata stripped,
///   encoded as PNG or JPEG. The file is `<name>.png` or `<name>.jpg`.
/// - A save writes a temporary file in the same folder, fsyncs it and renames it into place, so a
///   reader sees the old image or the new one, never half of one.
/// - Names are checked (``checkName(_:)``); every file call is made relative to the opened folder
///   with `O_NOFOLLOW`, so symbolic links are never followed.
/// - Writers (``save(_:named:format:)``, ``delete(named:)``, ``clear()``) take an exclusive `flock`
///   on the folder, so several processes may share it.
public struct NamedImageCache: Sendable {
    /// The folder name used inside a store's cache folder.
    public static let defaultFolderName = "named-images"

    /// The folder holding the images.
    public let folder: URL
    /// Decodes and encodes the images.
    public let processor: any ImageProcessing
    /// Input images larger than this many bytes are refused before decoding.
    public let maxInputBytes: Int
    /// For a store's cache: the store's cache folder, which must stay a real folder (a link put in
    /// its place would lead every save outside the store).
    private let containingFolder: String?

    /// A cache in `folder`, which is created when first needed.
    ///
    /// - Parameters:
    ///   - processor: decodes and encodes images (`VipsImageProcessor` in production).
    ///   - maxInputBytes: the largest input accepted (default 100 MiB).
    public init(folder: URL, processor: any ImageProcessing, maxInputBytes: Int = 100 * 1024 * 1024) {
        self.folder = folder.standardizedFileURL
        self.processor = processor
        self.maxInputBytes = maxInputBytes
        containingFolder = nil
    }

    /// The cache of `store`: `<store cache folder>/named-images`, with the store's image processor
    /// and input size limit.
    public init(store: Store) {
        folder = store.location.cacheDirectory.appendingPathComponent(Self.defaultFolderName, isDirectory: true).standardizedFileURL
        processor = store.imageProcessor
        maxInputBytes = store.options.maxInputBytes
        containingFolder = store.location.cacheDirectory.standardizedFileURL.path
    }

    private var path: String { folder.path }

    /// Opens the folder, first checking that the store's cache folder holding it is not a link.
    private func openFolder() throws -> FolderHandle? {
        if let containingFolder, FileInspector.kind(of: containingFolder) == .symlink {
            throw KeepsakeError(.symlinkRefused, "Refused to use the image cache in \(containingFolder): the store's cache folder has been replaced by a symbolic link, and the cache never follows links.", path: containingFolder)
        }
        return try FolderHandle.open(path)
    }

    // MARK: - Folder

    /// Creates the folder (and missing parents) if it does not exist yet; does nothing if it does.
    ///
    /// - Throws: `.symlinkRefused` if the folder is a symbolic link; `.invalidArgument` if a file
    ///   is in its place; `.readOnly`, `.diskFull` or `.io` if it cannot be created.
    public func createFolder() throws {
        if try openFolder() != nil { return }
        let parent = folder.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw KeepsakeError(.io, "Cannot create the folder \(parent.path) for the image cache: \(error.localizedDescription). Check that it is writable.", path: parent.path)
        }
        if mkdir(path, 0o755) != 0 {
            let code = errno
            if code == EEXIST, try openFolder() != nil { return }  // made meanwhile by someone else
            throw KeepsakeError.posix(code, operation: "create the image cache folder", path: path)
        }
        let parentHandle = try FolderHandle.open(parent.path)
        try parentHandle?.sync()
    }

    /// Opens the folder and takes its lock; `nil` if it does not exist and `create` is false.
    private func lockedFolder(create: Bool) throws -> FolderHandle? {
        for _ in 0..<5 {
            if create { try createFolder() }
            guard let handle = try openFolder() else {
                if create { continue }
                return nil
            }
            try handle.lock()
            // A concurrent clear() may have removed the folder while we waited for the lock.
            if handle.isStillLinked() { return handle }
            if !create { return nil }
        }
        throw KeepsakeError(.conflict, "The image cache folder \(path) kept disappearing while saving (is another program clearing it?); try again.", path: path)
    }

    // MARK: - Images

    /// Encodes `source` as `format` through the processor and stores it as `name`, replacing any
    /// image saved under that name before. Returns the file's URL (`<folder>/<name>.png` or
    /// `<name>.jpg`).
    ///
    /// - Throws: the errors of ``checkName(_:)``; `.invalidArgument` for a JPEG quality outside
    ///   1...100; `.notFound` if a source file is missing; `.imageTooLarge`, `.corruptImage` or
    ///   `.unsupportedImage` from the processor (nothing is written); `.symlinkRefused` if a
    ///   symbolic link sits where the file goes.
    @discardableResult
    public func save(_ source: ImageSource, named name: String, format: Format = .png) throws -> URL {
        try Self.checkName(name)
        try format.check()
        let input = try loadInput(source)
        let processed = try processor.process(input, policy: format.policy, thumbnailSizes: [])
        let fileName = name + "." + processed.format.fileExtension

        guard let handle = try lockedFolder(create: true) else {
            throw KeepsakeError(.io, "The image cache folder \(path) could not be created.", path: path)
        }
        let existing = try files(named: name, in: handle)
        try removeLeftovers(in: handle)
        let temporary = ".tmp-\(UUID().uuidString.lowercased())." + processed.format.fileExtension
        try handle.writeNewFile(temporary, data: processed.bytes)
        do {
            try handle.rename(temporary, to: fileName)
        } catch {
            try? handle.remove(temporary)  // our own temporary file; the rename error is what counts
            throw error
        }
        for other in existing where other != fileName {
            try handle.remove(other)  // the same name saved before in the other format
        }
        try handle.sync()
        return folder.appendingPathComponent(fileName, isDirectory: false)
    }

    /// The encoded bytes of the image saved as `name`, or `nil` if there is none.
    ///
    /// - Throws: the errors of ``checkName(_:)``; `.symlinkRefused` if the entry is a symbolic link.
    public func data(named name: String) throws -> Data? {
        try Self.checkName(name)
        guard let handle = try openFolder(), let file = try current(named: name, in: handle) else { return nil }
        do {
            return try handle.read(file)
        } catch let error as KeepsakeError where error.code == .notFound {
            return nil  // deleted meanwhile
        }
    }

    /// The URL of the file saved as `name`, or `nil` if there is none.
    ///
    /// - Throws: the errors of ``checkName(_:)``; `.symlinkRefused` if the entry is a symbolic link.
    public func url(named name: String) throws -> URL? {
        try Self.checkName(name)
        guard let handle = try openFolder(), let file = try current(named: name, in: handle) else { return nil }
        return folder.appendingPathComponent(file, isDirectory: false)
    }

    /// Removes the image saved as `name`. Returns whether there was one.
    ///
    /// - Throws: the errors of ``checkName(_:)``; `.symlinkRefused` if the entry is a symbolic link
    ///   (the link and its target are left alone).
    @discardableResult
    public func delete(named name: String) throws -> Bool {
        try Self.checkName(name)
        guard let handle = try lockedFolder(create: false) else { return false }
        let existing = try files(named: name, in: handle)
        for file in existing { try handle.remove(file) }
        if !existing.isEmpty { try handle.sync() }
        return !existing.isEmpty
    }

    /// The names of the saved images, sorted. Files the cache did not write (and links) are not listed.
    public func names() throws -> [String] {
        guard let handle = try openFolder() else { return [] }
        var names = Set<String>()
        for entry in try handle.entries() {
            if let name = Self.name(ofFile: entry), case .file = handle.kind(of: entry) { names.insert(name) }
        }
        return names.sorted()
    }

    /// Removes every cached image and then the folder itself (seed 004's "delete folder").
    /// Symbolic links found inside are removed without being followed, so their targets stay.
    ///
    /// - Throws: `.symlinkRefused` if the folder is a symbolic link; `.conflict` if it holds a
    ///   sub-folder, which the cache never makes (remove it yourself).
    public func clear() throws {
        guard let handle = try lockedFolder(create: false) else { return }
        for entry in try handle.entries() {
            if handle.kind(of: entry) == .directory {
                throw KeepsakeError(.conflict, "The image cache folder \(path) holds a sub-folder \(KeepsakeError.quoted(entry)) that the cache did not make; move or remove it, then clear again.", path: path + "/" + entry)
            }
            try handle.remove(entry)
        }
        if rmdir(path) != 0, errno != ENOENT {
            throw KeepsakeError.posix(errno, operation: "remove the image cache folder", path: path)
        }
    }

    // MARK: - Helpers

    /// The files standing for `name` (one normally; two after a crash between a save's rename and
    /// its clean-up). Throws if any of them is not a regular file.
    private func files(named name: String, in handle: borrowing FolderHandle) throws -> [String] {
        var found: [String] = []
        for fileExtension in Self.fileExtensions {
            let file = name + "." + fileExtension
            switch handle.kind(of: file) {
            case .missing: continue
            case .file: found.append(file)
            case .symlink:
                throw KeepsakeError(.symlinkRefused, "Refused to use \(path)/\(file): it is a symbolic link, and the image cache never follows links. Remove the link and try again.", path: path + "/" + file)
            case .directory, .other:
                throw KeepsakeError(.conflict, "\(path)/\(file) is not a regular file, so the image cache cannot use it; remove it and try again.", path: path + "/" + file)
            }
        }
        return found
    }

    /// The file that currently stands for `name`: the newest when a crash left two.
    private func current(named name: String, in handle: borrowing FolderHandle) throws -> String? {
        let found = try files(named: name, in: handle)
        return found.max { modified(handle.kind(of: $0)) < modified(handle.kind(of: $1)) }
    }

    private func modified(_ kind: FileKind) -> Date {
        if case .file(_, let date) = kind { date } else { .distantPast }
    }

    /// Removes temporary files left by a save that crashed. Only called under the folder lock, when
    /// no other save can be writing one.
    private func removeLeftovers(in handle: borrowing FolderHandle) throws {
        for entry in try handle.entries() where entry.hasPrefix(".tmp-") {
            if case .file = handle.kind(of: entry) { try handle.remove(entry) }
        }
    }

    /// Reads the bytes of `source` (an input file outside the cache may be reached through a link).
    private func loadInput(_ source: ImageSource) throws -> ImageInput {
        switch source {
        case .data(let data, let name):
            guard data.count <= maxInputBytes else {
                throw KeepsakeError(.imageTooLarge, "\(name) is \(data.count) bytes, over the limit of \(maxInputBytes) bytes; nothing was saved.")
            }
            return ImageInput(bytes: data, name: name)
        case .file(let url):
            let inputPath = url.path
            switch FileInspector.kind(of: inputPath) {
            case .missing:
                throw KeepsakeError(.notFound, "The image file \(inputPath) does not exist; check the path. Nothing was saved.", path: inputPath)
            case .directory:
                throw KeepsakeError(.invalidArgument, "\(inputPath) is a folder, not an image file; nothing was saved.", path: inputPath)
            default:
                return ImageInput(bytes: try FileInspector.read(inputPath, limit: maxInputBytes, followSymlinks: true), name: url.lastPathComponent)
            }
        }
    }
}
