#ifndef KEEPSAKE_CFUZZING_H
#define KEEPSAKE_CFUZZING_H
/*
 * libFuzzer's driver, for keepsake-fuzz built with -sanitize=fuzzer (fuzz/run.sh). Declared only:
 * the definition comes from the compiler's libFuzzer runtime, and only the fuzz build calls it.
 */
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
