import Foundation
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Synchronization
import Testing

/// The session secret in the store's metadata store: made once, shared by every instance, adopted
/// from the data folder's legacy file only after that file's checks.
@Suite struct SessionSecretTests {
    @Test(arguments: StoreBackends.all)
    func theSecretIsMadeOnceAndEveryInstanceReadsTheSame(_ backend: StoreBackend) throws {
        let place = try backend.makePlace("secret")
        let first = try SessionSecret.loadOrCreate(for: try place.open())
        #expect(first.count == 32)
        #expect(try SessionSecret.loadOrCreate(for: try place.open()) == first)
        let store = try place.open()  // kept: a store closes its metadata store when it goes away
        let stored = try store.metadata.read { try $0.setting(SessionSecret.key, in: SessionSecret.namespace) }
        #expect(stored?.wholeMatch(of: #/[0-9a-f]{64}/#) != nil)
        #expect(SessionSecret.random() != SessionSecret.random())
    }

    @Test(arguments: StoreBackends.all)
    func serversStartingAtOnceGetTheSameSecret(_ backend: StoreBackend) throws {
        let place = try backend.makePlace("secret")
        let stores = try (0..<8).map { _ in try place.open() }
        let results = Mutex<[Result<Data, any Error>]>([])
        DispatchQueue.concurrentPerform(iterations: stores.count) { index in
            let result = Result { try SessionSecret.loadOrCreate(for: stores[index]) }
            results.withLock { $0.append(result) }
        }
        let secrets = try results.withLock { $0 }.map { try $0.get() }
        #expect(secrets.count == 8)
        #expect(Set(secrets).count == 1)
    }

    @Test func aLegacyFileThatIsALinkOpenToOthersOrDamagedIsRefused() throws {
        let directory = TemporaryDirectory("secret")
        let store = try TestStores.open(directory)
        let file = store.location.dataDirectory.appendingPathComponent(SessionSecret.fileName)
        // A symbolic link (to a file an attacker controls) is refused, and not followed.
        let elsewhere = directory.appending("attacker-secret")
        try (String(repeating: "ab", count: 32) + "\n").write(to: elsewhere, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: elsewhere.path)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)
        #expect { try SessionSecret.loadOrCreate(for: store) } throws: { ($0 as? WebError)?.message.contains("symbolic link") == true }
        try FileManager.default.removeItem(at: file)

        try (String(repeating: "cd", count: 32) + "\n").write(to: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect { try SessionSecret.loadOrCreate(for: store) } throws: { ($0 as? WebError)?.message.contains("chmod 600") == true }

        try "not hex\n".write(to: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect { try SessionSecret.loadOrCreate(for: store) } throws: { ($0 as? WebError)?.message.contains("damaged") == true }
        #expect(try store.metadata.read { try $0.setting(SessionSecret.key, in: SessionSecret.namespace) } == nil, "nothing stored")
    }

    @Test func aDamagedStoredSecretIsRefusedSayingWhatToDo() throws {
        let store = try TestStores.open(TemporaryDirectory("secret"))
        try store.metadata.write { try $0.setSetting(SessionSecret.key, in: SessionSecret.namespace, to: "short") }
        #expect { try SessionSecret.loadOrCreate(for: store) } throws: { ($0 as? WebError)?.message.contains("Remove that setting") == true }
    }

    @Test func aSecretShorterThan32BytesIsRefused() throws {
        let directory = TemporaryDirectory("secret")
        let store = try TestStores.open(directory)
        #expect(throws: WebError.self) {
            _ = try WebApp(store: store, configuration: WebConfiguration(port: 0, sessionSecret: Data(count: 16)))
        }
    }
}
