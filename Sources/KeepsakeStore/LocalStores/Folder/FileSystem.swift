public import Foundation

/// The engine's only way to change files: every write, fsync, rename, link, unlink, mkdir and rmdir
/// goes through this seam, so tests can inject a failure at the k-th call
/// (see ``FaultInjectingFileSystem``).
///
/// Paths are absolute file-system paths; the engine validates them against the store root before
/// calling. Every method throws ``KeepsakeError`` built from `errno`.
public protocol FileSystem: Sendable {
    /// Creates `path` as a directory (mode 0755); succeeds if it already exists as a real directory.
    func makeDirectory(_ path: String) throws
    /// Creates a new file at `path` (which must not exist), writes `data`, fsyncs and closes it.
    func writeNewFile(_ path: String, data: Data) throws
    /// Flushes a directory's entries to disk (after a create, rename or unlink inside it).
    func syncDirectory(_ path: String) throws
    /// Makes `destination` name the same file as `source`; fails if `destination` exists.
    func link(_ source: String, to destination: String) throws
    /// Renames `source` to `destination`, replacing it atomically if it exists.
    func rename(_ source: String, to destination: String) throws
    /// Removes a file; succeeds if it is already gone.
    func removeFile(_ path: String) throws
    /// Removes an empty directory; succeeds if it is gone; fails with `ENOTEMPTY` if not empty.
    func removeDirectory(_ path: String) throws
}
