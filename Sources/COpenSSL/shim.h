#ifndef KEEPSAKE_COPENSSL_SHIM_H
#define KEEPSAKE_COPENSSL_SHIM_H
// OpenSSL's libcrypto: SHA-256 (with the CPU's SHA extensions where it has them), HMAC-SHA256,
// a cryptographic random source and a constant-time comparison. Nothing else of OpenSSL is used.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#endif
