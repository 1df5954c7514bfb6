import Foundation
import Testing
import KeepsakeStore
import KeepsakeTestSupport

extension AccountCommandTests {
    /// An account as `user list --json` prints its storage.
    struct ListedStorage: Decodable {
        let login: String
        let quotaBytes: Int64?
        let usedBytes: Int64?
    }

    @Test func userQuotaSetsTheQuotaThatAnUploadOverItIsRefusedByAndListShowsTheUsage() throws {
        let (cli, _, _) = try Self.sharedStore("cli-accounts-quota")
        let photo = Corpus.url("png/basn2c08.png").path
        try Self.keepsake(cli, ["--user", "ana", "diary", "add", "--emotion", "joy", "--text", "with a photo", "--image", photo])
        func storage(_ login: String) throws -> ListedStorage {
            try #require(try Self.decode([ListedStorage].self, try Self.keepsake(cli, ["user", "list", "--json"])).first { $0.login == login })
        }
        let used = try #require(try storage("ana").usedBytes)
        #expect(used > 0)
        #expect(try storage("ana").quotaBytes == nil)
        #expect(try storage("ben").usedBytes == 0)

        try Self.keepsake(cli, ["user", "quota", "ana", "lots"], expect: 2)
        try Self.keepsake(cli, ["--user", "ana", "user", "quota", "ana", "none"], expect: 1)  // only admins set quotas
        let set = try Self.keepsake(cli, ["user", "quota", "ana", "\(used + 10)B"])
        #expect(set.stdout.contains("Set the quota of ana"), "\(set.stdout)")
        #expect(try storage("ana").quotaBytes == used + 10)
        #expect(try Self.keepsake(cli, ["user", "list"]).stdout.contains("of \(StorageSize.describe(used + 10)) quota"))

        let refused = try Self.keepsake(cli, ["--user", "ana", "diary", "add", "--emotion", "joy", "--text", "one too many", "--image", photo], expect: 1)
        #expect(refused.stderr.contains("quota of") && refused.stderr.contains("Nothing was written"), "\(refused.stderr)")
        #expect(try !Self.keepsake(cli, ["--user", "ana", "diary", "list"]).stdout.contains("one too many"))
        #expect(try storage("ana").usedBytes == used)
        try Self.keepsake(cli, ["fsck"])

        try Self.keepsake(cli, ["user", "quota", "ana", "none"])
        #expect(try storage("ana").quotaBytes == nil)
        try Self.keepsake(cli, ["--user", "ana", "diary", "add", "--emotion", "joy", "--text", "one more", "--image", photo])
    }
}
