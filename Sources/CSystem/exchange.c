#define _GNU_SOURCE
#include "csystem.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

// Glibc's renameat2 wrapper is not visible to Swift, so go through the system call.
int csystem_exchange_paths(const char *first, const char *second) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */);
#else
    (void)first; (void)second;
    errno = ENOSYS;
    return -1;
#endif
}
