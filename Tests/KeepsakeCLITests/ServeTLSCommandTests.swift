import Foundation
import KeepsakeTestSupport
import Testing

/// `keepsake serve --tls-cert/--tls-key`: the real binary serving HTTPS with a certificate made by
/// scripts/make-certificate, and its refusals before it listens or writes anything.
@Suite struct ServeTLSCommandTests {
    @Test func serveSpeaksHTTPSWithTheCertificateAndRefusesBadOnes() async throws {
        let cli = CLI("cli-serve-tls")
        let made = try TestCertificates(in: cli.directory)
        let server = try ServeProcess(storeArguments: cli.storeArguments, environment: cli.environment, log: cli.directory.appending("serve.log"),
                                      serveArguments: ["--tls-cert", made.certificate.path, "--tls-key", made.privateKey.path])
        defer { server.stop() }
        #expect(server.url.hasPrefix("https://127.0.0.1:"))
        #expect(server.banner.contains("HTTPS with the certificate for DNS:localhost, IP:127.0.0.1, valid until"))
        let page = try await curl(["--cacert", made.authority.path, server.url + "/diary"])
        #expect(page.status == 200 && page.header("Strict-Transport-Security") == "max-age=31536000")

        // Half a pair, a wrong key or a missing file: refused before the store is touched.
        try await cli.fails(2, ["serve", "--no-demo", "--port", "0", "--tls-key", made.privateKey.path], containing: "--tls-key needs --tls-cert")
        try await cli.fails(2, ["serve", "--no-demo", "--port", "0", "--tls-cert", made.certificate.path], containing: "--tls-cert needs --tls-key")
        let other = cli.directory.appending("other-key.pem")
        try TestCertificates.openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", other.path])
        try await cli.fails(1, ["serve", "--no-demo", "--port", "0", "--tls-cert", made.certificate.path, "--tls-key", other.path],
                            containing: "is not the private key of")
        try await cli.fails(1, ["serve", "--no-demo", "--port", "0", "--tls-cert", cli.directory.appending("none.pem").path, "--tls-key", other.path],
                            containing: "cannot be read")
        // Off this machine a login is still needed, HTTPS or not.
        try await cli.fails(2, ["serve", "--no-demo", "--host", "0.0.0.0", "--port", "0", "--tls-cert", made.certificate.path, "--tls-key", made.privateKey.path],
                            containing: "password")
    }
}
