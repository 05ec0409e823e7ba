#ifndef CSYSTEM_H
#define CSYSTEM_H

/// Atomically swaps two paths in one step (Linux renameat2 with RENAME_EXCHANGE), so a reader
/// sees either the old or the new folder and never neither. Returns 0, or -1 with errno set
/// (ENOSYS or EINVAL where the kernel or file system cannot do it).
int csystem_exchange_paths(const char *first, const char *second);

/// Writes everything cached for the file system holding `fd` to disk and waits for it
/// (Linux syncfs). Since Linux 5.8 it returns -1 with errno set when any write-back on that file
/// system failed since `fd` was opened; older kernels always return 0.
int csystem_syncfs(int fd);

/// Hands the heap's free pages back to the system (glibc malloc_trim). A build frees most of
/// what reading the store and computing the statistics took, but glibc keeps freed small
/// blocks mapped, and the peak memory then counts them through the whole render.
void csystem_release_free_memory(void);

/// Serves blocks of 256 KB and up with their own mappings, returned to the system when freed
/// (glibc mallopt M_MMAP_THRESHOLD, which also stops glibc from raising that threshold): at
/// 100,000 users the store's file bytes otherwise stayed in the heap, 19 MB of the peak.
void csystem_map_large_blocks(void);

/// Keeps up to 32 MB of freed memory at the top of each heap for the next blocks instead of
/// handing it back to the system at once (glibc mallopt M_TRIM_THRESHOLD, 128 KB by default).
/// A build reads, draws and frees one track at a time, and every track's columns came from
/// pages the kernel faulted in and cleared again. `csystem_release_free_memory` still hands
/// back what is free where a build calls it.
void csystem_keep_freed_memory(void);

#endif
