#if !os(Linux)
#error("usergraph runs on Linux only: it calls Glibc, renameat2 and /proc.")
#endif
