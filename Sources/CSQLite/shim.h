#ifndef KEEPSAKE_CSQLITE_SHIM_H
#define KEEPSAKE_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type keepsake_sqlite_transient(void) { return SQLITE_TRANSIENT; }
/// Turns off SQLite's memory statistics, which it keeps under one process-wide mutex taken on
/// every allocation (Debian's build has no lookaside, so a statement allocates often): threads
/// reading at once then wait on each other. Only effective before SQLite initialises (the first
/// connection opens); later it returns SQLITE_MISUSE and changes nothing. sqlite3_config is
/// variadic, which Swift cannot call.
static inline int keepsake_sqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
#endif
