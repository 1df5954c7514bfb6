import Foundation
import Testing
import KeepsakeSupport
import KeepsakeTestSupport

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
        let manifest = try String(contentsOf: Corpus.root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        for line in manifest.split(separator: "\n").dropFirst().prefix(20) {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            let url = Corpus.root.appendingPathComponent("MANIFEST.tsv").deletingLastPathComponent().appendingPathComponent(String(columns[0]))
            #expect(SHA256.hex(try Data(contentsOf: url)) == String(columns[2]), "\(columns[0])")
        }
    }
}

@Suite struct HMACAndRandomTests {
    /// RFC 4231 test cases 1, 2 and 6 (a key longer than the block size).
    @Test func hmacSHA256MatchesRFC4231() {
        #expect(Hex.encode(HMACSHA256.authenticate(Data("Hi There".utf8), key: Data(repeating: 0x0b, count: 20)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(Hex.encode(HMACSHA256.authenticate("what do ya want for nothing?", key: Data("Jefe".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(Hex.encode(HMACSHA256.authenticate("Test Using Larger Than Block-Size Key - Hash Key First", key: Data(repeating: 0xaa, count: 131)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        #expect(Hex.encode(HMACSHA256.authenticate(Data(), key: Data()))
                == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test func aCopiedHasherGoesOnIndependently() {
        var first = SHA256()
        first.update(Data("ab".utf8))
        var second = first
        first.update(Data("c".utf8))
        second.update(Data("x".utf8))
        #expect(first.finalizeHex() == SHA256.hex(Data("abc".utf8)))
        #expect(second.finalizeHex() == SHA256.hex(Data("abx".utf8)))
    }

    @Test func randomBytesDifferAndComparisonsAreExact() {
        let a = SecureBytes.random(32), b = SecureBytes.random(32)
        #expect(a.count == 32 && a != b)
        #expect(SecureBytes.constantTimeEquals(a, a))
        #expect(!SecureBytes.constantTimeEquals(a, b))
        #expect(!SecureBytes.constantTimeEquals(a, a.prefix(31)))
        #expect(SecureBytes.constantTimeEquals(Data(), Data()))
    }
}
