#ifndef KEEPSAKE_CSYSTEMCALLS_H
#define KEEPSAKE_CSYSTEMCALLS_H

/*
 * System calls Swift cannot make itself: glibc has no wrapper for them, and syscall(2) is
 * variadic, which Swift cannot call. Each returns what the system call returns (-1 with errno set
 * on failure); where the system lacks the call they fail with ENOSYS, and the caller falls back to
 * its portable way.
 */

/*
 * Opens `path` (relative, no leading slash) below the folder `directory` (a descriptor, O_PATH
 * will do) with `flags` (O_RDONLY | O_CLOEXEC, ...), in one call that refuses every symbolic link
 * on the way and any path that would leave the folder: openat2(2) with RESOLVE_BENEATH |
 * RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS (Linux 5.6 and later). A link on the way fails with
 * ELOOP, a way out with EXDEV, a missing name with ENOENT.
 */
int csys_open_beneath(int directory, const char *path, int flags);

#endif
