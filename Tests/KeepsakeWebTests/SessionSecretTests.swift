import Foundation
import KeepsakeTestSupport
import KeepsakeWeb
import Synchronization
import Testing

/// The session secret file in the store's data folder: made once, 0600, shared, never a link.
@Suite struct SessionSecretTests {
    private static func mode(of url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func theSecretIsMadeOnceWithMode0600AndReadBackTheSame() throws {
        let directory = TemporaryDirectory("secret")
        let first = try SessionSecret.loadOrCreate(in: directory.url)
        #expect(first.count == 32)
        let file = directory.appending(SessionSecret.fileName)
        #expect(try Self.mode(of: file) == 0o600)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.wholeMatch(of: #/[0-9a-f]{64}\n/#) != nil)
        #expect(try SessionSecret.loadOrCreate(in: directory.url) == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [SessionSecret.fileName], "no temporary file left")
        #expect(SessionSecret.random() != SessionSecret.random())
    }

    @Test func serversStartingAtOnceGetTheSameSecret() throws {
        let directory = TemporaryDirectory("secret")
        let results = Mutex<[Data]>([])
        let group = DispatchGroup()
        for _ in 0..<16 {
            DispatchQueue.global().async(group: group) {
                if let secret = try? SessionSecret.loadOrCreate(in: directory.url) { results.withLock { $0.append(secret) } }
            }
        }
        group.wait()
        let secrets = results.withLock { $0 }
        #expect(secrets.count == 16)
        #expect(Set(secrets).count == 1)
    }

    @Test func aLinkAnOpenModeOrDamagedContentIsRefused() throws {
        let directory = TemporaryDirectory("secret")
        let file = directory.appending(SessionSecret.fileName)
        // A symbolic link (to a file an attacker controls) is refused, and not followed.
        let elsewhere = directory.appending("attacker-secret")
        try (String(repeating: "ab", count: 32) + "\n").write(to: elsewhere, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: elsewhere.path)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)
        #expect { try SessionSecret.loadOrCreate(in: directory.url) } throws: { ($0 as? WebError)?.message.contains("symbolic link") == true }
        try FileManager.default.removeItem(at: file)

        _ = try SessionSecret.loadOrCreate(in: directory.url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect { try SessionSecret.loadOrCreate(in: directory.url) } throws: { ($0 as? WebError)?.message.contains("chmod 600") == true }

        try "not hex\n".write(to: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect { try SessionSecret.loadOrCreate(in: directory.url) } throws: { ($0 as? WebError)?.message.contains("damaged") == true }
    }

    @Test func aSecretShorterThan32BytesIsRefused() throws {
        let directory = TemporaryDirectory("secret")
        let store = try TestStores.open(directory)
        #expect(throws: WebError.self) {
            _ = try WebApp(store: store, configuration: WebConfiguration(port: 0, sessionSecret: Data(count: 16)))
        }
    }
}
