import Foundation
import Testing
import KeepsakeDiary
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// `--lossless` / `--keep-original` / `--reencode`: the user chooses, per command, how photos are
/// stored; `keepsake status` shows the store's default.
@Suite struct EncodingFlagsTests {
    /// The photo used: a camera JPEG with EXIF.
    let photo = Corpus.url("exif/Landscape_1.jpg")
    /// Another (a store may keep a photo that is already there instead of storing it again).
    let other = Corpus.url("jpeg/testorig.jpg")

    /// Whether `stored` carries the compressed data of `input` unchanged: everything of the input
    /// from its first quantisation table to its end of image (a re-encode has other tables and data).
    func keepsCompressedData(_ stored: Data, of input: Data) throws -> Bool {
        let tables = try #require(input.range(of: Data([0xFF, 0xDB])))
        return stored.range(of: input[tables.lowerBound...]) != nil
    }

    func storedOriginal(_ cli: CLI, _ attachment: KeepsakeStore.Attachment) throws -> Data {
        try Data(contentsOf: cli.directory.appending(attachment.path.string))
    }

    @Test func statusShowsHowPhotosAreStored() async throws {
        let cli = CLI("cli-encoding")
        let status = try await cli.ok(["status"])
        #expect(status.contains("Photos:    stored as lossless JPEG (others: JPEG q80), metadata stripped"), "\(status)")
    }

    @Test func diaryPhotosAreLosslessByDefaultAndReEncodedWithReencode() async throws {
        let cli = CLI("cli-encoding")
        let input = try Data(contentsOf: photo)
        let plain = try await cli.json(DiaryEntry.self, ["diary", "add", "--emotion", "joy", "--text", "Snow", "--image", photo.path])
        let lossless = try await cli.json(DiaryEntry.self, ["diary", "add", "--emotion", "joy", "--text", "Snow", "--lossless", "--image", photo.path])
        let kept = try await cli.json(DiaryEntry.self, ["diary", "add", "--emotion", "joy", "--text", "Snow", "--keep-original", "--image", photo.path])
        let reencoded = try await cli.json(DiaryEntry.self, ["diary", "add", "--emotion", "joy", "--text", "Snow", "--reencode", "--image", photo.path])
        for entry in [plain, lossless, kept] {
            let stored = try storedOriginal(cli, entry.images[0])
            #expect(try keepsCompressedData(stored, of: input))
            #expect(stored.range(of: Data("Exif".utf8)) == nil, "metadata is stripped on the lossless path too")
        }
        let recoded = try storedOriginal(cli, reencoded.images[0])
        #expect(try !keepsCompressedData(recoded, of: input))
        #expect(reencoded.images[0].mediaType == "image/jpeg" && reencoded.images[0].width == 1800)

        // The other commands that add photos take the same switches.
        let added = try await cli.json(DiaryEntry.self, ["diary", "images", plain.id.string, "add", "--reencode", photo.path])
        #expect(try !keepsCompressedData(storedOriginal(cli, added.images[1]), of: input))
        let replaced = try await cli.json(DiaryEntry.self, ["diary", "images", reencoded.id.string, "replace", "0", "--lossless", other.path])
        #expect(try keepsCompressedData(storedOriginal(cli, replaced.images[0]), of: try Data(contentsOf: other)))
    }

    @Test func ledgerReceiptsAndFeedPostsTakeTheSwitchesToo() async throws {
        let cli = CLI("cli-encoding")
        let input = try Data(contentsOf: photo)
        let spent = try await cli.json(LedgerTransaction.self, ["ledger", "add", "--expense", "--amount", "12000", "--currency", "KRW",
                                                          "--category", "식비", "--date", "2026-11-03", "--reencode", "--receipt", photo.path])
        let receipt = try #require(spent.receipt)
        #expect(try !keepsCompressedData(storedOriginal(cli, receipt), of: input))
        let attached = try await cli.json(LedgerTransaction.self, ["ledger", "receipt", "attach", spent.id.string, other.path, "--lossless"])
        #expect(try keepsCompressedData(storedOriginal(cli, try #require(attached.receipt)), of: try Data(contentsOf: other)))

        let posted = try await cli.ok(["feed", "post", "--title", "Ramen", "--reencode", "--image", photo.path])
        #expect(posted.hasPrefix("Posted") || posted.contains("Ramen"), "\(posted)")
    }

    @Test func contradictorySwitchesAreAUsageErrorAndEveryPhotoCommandDocumentsThem() async throws {
        let cli = CLI("cli-encoding")
        try await cli.fails(2, ["diary", "add", "--emotion", "joy", "--text", "Snow", "--lossless", "--reencode", "--image", photo.path], containing: "contradict")
        for command in [["diary", "add"], ["diary", "edit"], ["diary", "images"], ["feed", "post"], ["feed", "edit"],
                        ["ledger", "add"], ["ledger", "edit"], ["ledger", "receipt", "attach"]] {
            let help = try await cli.ok(command + ["--help"])
            #expect(help.contains("--reencode") && help.contains("--lossless"), "\(command.joined(separator: " ")) --help")
        }
        #expect(try await cli.ok(["demo", "--help"]).contains("--reencode"))
        // A command that adds no photo does not take them.
        try await cli.fails(2, ["diary", "list", "--reencode"])
    }
}
