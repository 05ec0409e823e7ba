#define _GNU_SOURCE
#include "csystem.h"
#include <unistd.h>

// Glibc declares syncfs only under _GNU_SOURCE, which Swift's Glibc module does not set.
int csystem_syncfs(int fd) {
    return syncfs(fd);
}
