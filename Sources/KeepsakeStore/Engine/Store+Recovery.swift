import Foundation

extension Store {
    /// Finishes or rolls back the intents of store instances that are no longer running.
    ///
    /// Reads the intent journal and the `locks/` folder (one small file per running or crashed
    /// instance); it never walks `attachments/`. An owner whose lock can be taken is dead; a live
    /// owner's intents and staging files are left alone. Returns the number of intents completed.
    @discardableResult
    func recoverDeadOwners() throws -> Int {
        let journalOwners = try database.read { db in
            try db.query("SELECT DISTINCT owner FROM intent WHERE owner != ?", [.text(lock.token)]) { $0.requiredText(0) }
        }
        let lockFiles = try FileInspector.contents(of: location.locksDirectory.path)
        let lockOwners = lockFiles.filter { $0.hasSuffix(".lock") }.map { String($0.dropLast(5)) }
        // A lock file still under its temporary name belongs to a process that died while opening
        // (before it could journal anything); remove it once nobody holds it.
        for name in lockFiles where name.hasSuffix(".lock" + ProcessLock.temporarySuffix) {
            let path = location.locksDirectory.path + "/" + name
            let fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { try fileSystem.removeFile(path) }
            close(fd)
        }
        var completed = 0
        for owner in Set(journalOwners + lockOwners) where owner != lock.token {
            guard (try? RelativePath.checkComponent(owner)) != nil else { continue }  // not a name we made
            guard let descriptor = ProcessLock.lockIfDead(directory: location.locksDirectory.path, token: owner) else { continue }
            defer { if descriptor >= 0 { close(descriptor) } }
            let intents = try database.read { db in
                try db.query("SELECT id FROM intent WHERE owner = ? ORDER BY created_at", [.text(owner)]) { $0.requiredText(0) }
            }
            for intent in intents {
                try finishIntent(intent)
                completed += 1
            }
            for root in [location.dataDirectory.path, location.cacheDirectory.path] where isRealFolder(["staging", owner], under: root) {
                let staging = root + "/staging/" + owner  // never listed through a planted link
                for name in try FileInspector.contents(of: staging) {
                    try fileSystem.removeFile(staging + "/" + name)
                }
                try fileSystem.removeDirectory(staging)
            }
            // Unlinked while we hold its lock, so no other recoverer works on the same owner.
            try fileSystem.removeFile(location.locksDirectory.path + "/" + owner + ".lock")
        }
        return completed
    }

    /// Number of operations recorded in the journal as in flight (of any instance).
    public func intentsInFlight() throws -> Int {
        try database.read { db in Int(try db.scalarInt("SELECT count(*) FROM intent")) }
    }
}
