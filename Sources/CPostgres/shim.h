#ifndef KEEPSAKE_CPOSTGRES_SHIM_H
#define KEEPSAKE_CPOSTGRES_SHIM_H
// libpq, PostgreSQL's C client library (Debian's libpq-dev). Only KeepsakePostgres imports it.
#include <libpq-fe.h>
#include <poll.h>
#include <sys/eventfd.h>
#endif
