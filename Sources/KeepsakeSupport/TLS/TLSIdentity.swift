internal import COpenSSL
public import Foundation

/// A server certificate and its private key, read from PEM files and checked before a server
/// uses them: a certificate is there, a private key is there (not encrypted), the key is the
/// certificate's, and today is within the certificate's validity. The TLS itself is done by
/// GnuTLS inside libmicrohttpd, which reports none of these plainly.
public struct TLSIdentity: Sendable, Hashable {
    /// The certificate (and any intermediates after it), PEM, as read.
    public let certificatePEM: String
    /// The private key, PEM, as read.
    public let privateKeyPEM: String
    /// The first day the certificate is valid.
    public let notBefore: Date
    /// The last moment the certificate is valid.
    public let notAfter: Date
    /// The names and addresses the certificate is for (its subject alternative names, `DNS:` and
    /// `IP:` entries as text).
    public let subjectAlternativeNames: [String]

    /// Reads and checks the PEM files `certificate` and `privateKey`.
    ///
    /// - Throws: ``TLSIdentityError``.
    public static func load(certificate: URL, privateKey: URL, now: Date = Date()) throws -> TLSIdentity {
        func read(_ url: URL, _ what: String) throws -> String {
            do {
                return try String(contentsOf: url, encoding: .utf8)
            } catch {
                throw TLSIdentityError(.unreadable, "The \(what) file \(url.path) cannot be read (\(error.localizedDescription)); give a readable PEM file.")
            }
        }
        return try check(certificatePEM: try read(certificate, "certificate"), privateKeyPEM: try read(privateKey, "private key"),
                         certificateName: certificate.path, keyName: privateKey.path, now: now)
    }

    /// Checks PEM texts; `certificateName` and `keyName` name them in the messages.
    ///
    /// - Throws: ``TLSIdentityError``.
    public static func check(certificatePEM: String, privateKeyPEM: String, certificateName: String = "the certificate",
                             keyName: String = "the private key", now: Date = Date()) throws -> TLSIdentity {
        guard let certificate = certificatePEM.withPEMBIO({ PEM_read_bio_X509($0, nil, nil, nil) }) else {
            throw TLSIdentityError(.noCertificate, "\(certificateName) holds no PEM certificate (-----BEGIN CERTIFICATE-----); give the server's certificate (scripts/make-certificate makes one).")
        }
        defer { X509_free(certificate) }
        // No password prompt: an encrypted key is refused rather than asked for on the terminal.
        guard let key = privateKeyPEM.withPEMBIO({ PEM_read_bio_PrivateKey($0, nil, { _, _, _, _ in 0 }, nil) }) else {
            throw TLSIdentityError(.noPrivateKey, "\(keyName) holds no unencrypted PEM private key (-----BEGIN PRIVATE KEY-----); give the certificate's key without a passphrase (openssl pkey -in KEY -out PLAIN).")
        }
        defer { EVP_PKEY_free(key) }
        guard X509_check_private_key(certificate, key) == 1 else {
            throw TLSIdentityError(.keyMismatch, "\(keyName) is not the private key of \(certificateName); give the key the certificate was made for.")
        }
        guard let notBefore = date(X509_get0_notBefore(certificate)), let notAfter = date(X509_get0_notAfter(certificate)) else {
            throw TLSIdentityError(.noCertificate, "\(certificateName) has validity dates that cannot be read; make a new certificate.")
        }
        let formatter = ISO8601DateFormatter()
        guard now >= notBefore else {
            throw TLSIdentityError(.notYetValid, "\(certificateName) is valid only from \(formatter.string(from: notBefore)); check this machine's clock, or make a new certificate.")
        }
        guard now <= notAfter else {
            throw TLSIdentityError(.expired, "\(certificateName) expired on \(formatter.string(from: notAfter)); make a new one (scripts/make-certificate, or renew it where it came from).")
        }
        return TLSIdentity(certificatePEM: certificatePEM, privateKeyPEM: privateKeyPEM, notBefore: notBefore, notAfter: notAfter,
                           subjectAlternativeNames: names(certificate))
    }

    private static func date(_ time: UnsafePointer<ASN1_TIME>?) -> Date? {
        guard let time else { return nil }
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    private static func names(_ certificate: OpaquePointer) -> [String] {
        guard let raw = X509_get_ext_d2i(certificate, NID_subject_alt_name, nil, nil) else { return [] }
        let list = OpaquePointer(raw)
        defer { GENERAL_NAMES_free(list) }
        var result: [String] = []
        for index in 0..<OPENSSL_sk_num(list) {
            guard let entry = OPENSSL_sk_value(list, index)?.assumingMemoryBound(to: GENERAL_NAME.self).pointee else { continue }
            switch entry.type {
            case GEN_DNS:
                if let text = entry.d.dNSName, let bytes = ASN1_STRING_get0_data(text) {
                    result.append("DNS:" + String(decoding: UnsafeBufferPointer(start: bytes, count: Int(ASN1_STRING_length(text))), as: UTF8.self))
                }
            case GEN_IPADD:
                if let address = entry.d.iPAddress, let bytes = ASN1_STRING_get0_data(address) {
                    let octets = Array(UnsafeBufferPointer(start: bytes, count: Int(ASN1_STRING_length(address))))
                    result.append("IP:" + (octets.count == 4 ? octets.map(String.init).joined(separator: ".") : octets.map { String($0, radix: 16) }.joined(separator: ":")))
                }
            default:
                continue
            }
        }
        return result
    }
}

extension String {
    /// Runs `body` with a read-only memory BIO over the text's UTF-8 bytes.
    fileprivate func withPEMBIO<T>(_ body: (OpaquePointer?) -> T?) -> T? {
        var bytes = Array(utf8)
        return bytes.withUnsafeMutableBytes { buffer -> T? in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return body(bio)
        }
    }
}
