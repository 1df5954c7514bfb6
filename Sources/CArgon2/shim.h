#ifndef KEEPSAKE_CARGON2_SHIM_H
#define KEEPSAKE_CARGON2_SHIM_H
// libargon2, the reference Argon2 implementation (Debian's libargon2-dev): Argon2id password hashes
// in the PHC string format and their constant-time verification. Only KeepsakeSupport imports it.
#include <argon2.h>
#endif
