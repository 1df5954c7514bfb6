#ifndef KEEPSAKE_COPENSSL_SHIM_H
#define KEEPSAKE_COPENSSL_SHIM_H
// OpenSSL's libcrypto (for KeepsakeSupport only): SHA-256 (with the CPU's SHA extensions where it has them), HMAC-SHA256,
// MD5 (Day One photo names), a cryptographic random source, a constant-time comparison, and reading
// an X.509 certificate and its private key from PEM to check them before `keepsake serve` serves
// HTTPS (the TLS itself is GnuTLS's, inside libmicrohttpd). Nothing else of OpenSSL is used.
#include <openssl/evp.h>
#include <openssl/bio.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#endif
