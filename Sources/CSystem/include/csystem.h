#ifndef CSYSTEM_H
#define CSYSTEM_H

/// Atomically swaps two paths in one step (Linux renameat2 with RENAME_EXCHANGE), so a reader
/// sees either the old or the new folder and never neither. Returns 0, or -1 with errno set
/// (ENOSYS or EINVAL where the kernel or file system cannot do it).
int csystem_exchange_paths(const char *first, const char *second);

#endif
