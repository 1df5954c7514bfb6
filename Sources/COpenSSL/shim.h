#ifndef KEEPSAKE_COPENSSL_SHIM_H
#define KEEPSAKE_COPENSSL_SHIM_H
// OpenSSL's libcrypto (for KeepsakeSupport only): SHA-256 (with the CPU's SHA extensions where it has them), HMAC-SHA256,
// MD5 (Day One photo names), a cryptographic random source and a constant-time comparison.
// Nothing else of OpenSSL is used.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#endif
