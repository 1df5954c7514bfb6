#ifndef KEEPSAKE_CSQLITE_SHIM_H
#define KEEPSAKE_CSQLITE_SHIM_H
#include <sqlite3.h>
#include <string.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type keepsake_sqlite_transient(void) { return SQLITE_TRANSIENT; }
/// Turns off SQLite's memory statistics, which it keeps under one process-wide mutex taken on
/// every allocation (Debian's build has no lookaside, so a statement allocates often): threads
/// reading at once then wait on each other. Only effective before SQLite initialises (the first
/// connection opens); later it returns SQLITE_MISUSE and changes nothing. sqlite3_config is
/// variadic, which Swift cannot call.
static inline int keepsake_sqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
/// The WAL index (the `-shm` file) of the main database of `db` as SQLite itself maps it: region 0,
/// whose first 96 bytes are the two copies of the WAL-index header (sqlite.org/walformat.html).
/// NULL when the connection is not in WAL mode or has no shared memory yet. Asks the connection's
/// own VFS (`xShmMap` without extending), so the pointer is SQLite's mapping and stays valid while
/// the connection is open in WAL mode. Call it while no other thread uses `db`.
static inline const volatile void *keepsake_sqlite_wal_index(sqlite3 *db) {
    sqlite3_file *file = NULL;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || file == NULL) return NULL;
    const sqlite3_io_methods *methods = file->pMethods;
    if (methods == NULL || methods->iVersion < 2 || methods->xShmMap == NULL) return NULL;
    volatile void *region = NULL;
    if (methods->xShmMap(file, 0, 32768, 0, &region) != SQLITE_OK) return NULL;
    return region;
}

/// Copies the WAL-index header at `index` into `header` (48 bytes) the way SQLite's readers check
/// it without a lock: the first copy, a memory barrier, the second copy; a writer writes them in
/// the other order, so two equal copies are one whole header. Returns 1 when they are equal, the
/// header is initialised and of the format SQLite has written since 3.7.0, else 0 (a writer was
/// midway, or the index is not one this reads).
static inline int keepsake_sqlite_wal_index_header(const volatile void *index, unsigned char header[48]) {
    unsigned char first[48], second[48];
    const volatile unsigned char *bytes = (const volatile unsigned char *)index;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);  // after whatever the caller read before
    for (int i = 0; i < 48; i++) first[i] = bytes[i];
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    for (int i = 0; i < 48; i++) second[i] = bytes[48 + i];
    if (memcmp(first, second, 48) != 0) return 0;
    unsigned int version;
    memcpy(&version, first, 4);
    if (version != 3007000 || first[12] == 0) return 0;
    memcpy(header, first, 48);
    return 1;
}
#endif
