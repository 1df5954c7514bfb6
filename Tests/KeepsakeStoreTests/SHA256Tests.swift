import Foundation
import Testing
@testable import KeepsakeStore

@Suite struct SHA256Tests {
    @Test func knownVectorsMatchFIPS180() {
        #expect(SHA256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func feedingInPiecesGivesTheSameDigest() {
        let data = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        for piece in [1, 7, 63, 64, 65, 1000] {
            var hasher = SHA256()
            var offset = 0
            while offset < data.count {
                let end = min(offset + piece, data.count)
                hasher.update(data[offset..<end])
                offset = end
            }
            #expect(hasher.finalizeHex() == SHA256.hex(data), "piece size \(piece)")
        }
    }

    @Test func corpusFileHashesMatchTheManifest() throws {
        let manifest = try String(contentsOf: KeepsakeStoreTestsSupport.corpusManifest, encoding: .utf8)
        for line in manifest.split(separator: "\n").dropFirst().prefix(20) {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            let url = KeepsakeStoreTestsSupport.corpusManifest.deletingLastPathComponent().appendingPathComponent(String(columns[0]))
            #expect(SHA256.hex(try Data(contentsOf: url)) == String(columns[2]), "\(columns[0])")
        }
    }
}
