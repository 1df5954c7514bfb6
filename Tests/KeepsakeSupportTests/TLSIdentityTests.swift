import Foundation
import KeepsakeSupport
import KeepsakeTestSupport
import Testing

/// The certificate and key checks `keepsake serve --tls-cert/--tls-key` runs before it starts, on
/// certificates made by scripts/make-certificate and openssl.
@Suite struct TLSIdentityTests {
    @Test func aCertificateMadeAsTheDocsSayLoadsWithItsNamesAndDates() throws {
        let directory = TemporaryDirectory("tls-good")
        let made = try TestCertificates(in: directory, arguments: ["--name", "keepsake.local", "--ip", "192.168.1.20", "--days", "30"])
        let identity = try TLSIdentity.load(certificate: made.certificate, privateKey: made.privateKey)
        #expect(identity.subjectAlternativeNames == ["DNS:localhost", "DNS:keepsake.local", "IP:127.0.0.1", "IP:192.168.1.20"])
        #expect(identity.notAfter.timeIntervalSince(identity.notBefore) == 30 * 86_400)
        #expect(identity.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
        // A second run keeps the authority (a phone that trusts it trusts the new certificate).
        let authority = try Data(contentsOf: made.authority)
        _ = try TestCertificates(in: directory)
        #expect(try Data(contentsOf: made.authority) == authority)
    }

    @Test func aWrongKeyGarbageAnEncryptedKeyAndDatesOutsideTheValidityAreRefused() throws {
        let directory = TemporaryDirectory("tls-bad")
        let made = try TestCertificates(in: directory)
        func refusal(_ certificate: URL, _ key: URL, now: Date = Date()) -> TLSIdentityError? {
            do {
                _ = try TLSIdentity.load(certificate: certificate, privateKey: key, now: now)
                return nil
            } catch {
                return error as? TLSIdentityError
            }
        }
        let other = directory.appending("other-key.pem")
        try TestCertificates.openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", other.path])
        #expect(refusal(made.certificate, other)?.kind == .keyMismatch)
        #expect(refusal(made.certificate, other)?.message.contains("is not the private key of") == true)

        let garbage = directory.appending("garbage.pem")
        try Data("not a certificate\n".utf8).write(to: garbage)
        #expect(refusal(garbage, made.privateKey)?.kind == .noCertificate)
        #expect(refusal(made.certificate, garbage)?.kind == .noPrivateKey)
        #expect(refusal(made.privateKey, made.certificate)?.kind == .noCertificate, "the two files swapped")
        #expect(refusal(directory.appending("missing.pem"), made.privateKey)?.kind == .unreadable)

        let encrypted = directory.appending("encrypted-key.pem")
        try TestCertificates.openssl(["pkey", "-in", made.privateKey.path, "-aes256", "-passout", "pass:secret", "-out", encrypted.path])
        #expect(refusal(made.certificate, encrypted)?.kind == .noPrivateKey, "refused, never asked for on the terminal")

        #expect(refusal(made.certificate, made.privateKey, now: Date().addingTimeInterval(400 * 86_400))?.kind == .expired)
        #expect(refusal(made.certificate, made.privateKey, now: Date().addingTimeInterval(-86_400))?.kind == .notYetValid)
        #expect(refusal(made.certificate, made.privateKey) == nil)
    }
}
