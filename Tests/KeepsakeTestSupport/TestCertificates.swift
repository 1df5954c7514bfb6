public import Foundation

/// HTTPS certificates made for a test the way docs/WEB.md tells a person to (scripts/make-certificate),
/// in a temporary folder.
public struct TestCertificates: Sendable {
    /// The folder with ca.pem, ca-key.pem, server.pem and server-key.pem.
    public let directory: URL

    /// The authority a client trusts.
    public var authority: URL { directory.appendingPathComponent("ca.pem") }
    /// The server's certificate.
    public var certificate: URL { directory.appendingPathComponent("server.pem") }
    /// The server's private key.
    public var privateKey: URL { directory.appendingPathComponent("server-key.pem") }

    /// Runs `scripts/make-certificate --out <directory>/certificates` with `arguments`.
    ///
    /// - Throws: when the script fails (its standard error in the message).
    public init(in directory: TemporaryDirectory, arguments: [String] = []) throws {
        self.directory = directory.appending("certificates")
        let script = Corpus.repositoryRoot.appendingPathComponent("scripts/make-certificate")
        let result = try runProcess(URL(fileURLWithPath: "/bin/bash"), [script.path, "--out", self.directory.path] + arguments)
        guard result.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "scripts/make-certificate failed: \(result.stderr)"])
        }
    }

    /// `openssl` with `arguments`, for a second key, an encrypted key and the like.
    ///
    /// - Throws: when openssl fails.
    public static func openssl(_ arguments: [String]) throws {
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/openssl"), arguments)
        guard result.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl \(arguments.joined(separator: " ")) failed: \(result.stderr)"])
        }
    }
}
