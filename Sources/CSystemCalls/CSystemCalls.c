#include "CSystemCalls.h"

#include <errno.h>

#ifdef __linux__
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

int csys_open_beneath(int directory, const char *path, int flags) {
#if defined(__linux__) && defined(SYS_openat2)
    struct open_how how = {
        .flags = (unsigned long long)flags,
        .mode = 0,
        .resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
    };
    return (int)syscall(SYS_openat2, directory, path, &how, sizeof how);
#else
    (void)directory;
    (void)path;
    (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}
