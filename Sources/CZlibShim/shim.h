#include <zlib.h>

/// Starts `stream` on a gzip stream (and only gzip: window bits 15 + 16). `inflateInit2` is a
/// macro that passes the library's version and the struct's size, which Swift cannot call.
static inline int czlib_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}

/// Starts `stream` on a zlib stream at `level`. `deflateInit` is a macro too.
static inline int czlib_deflate_init(z_streamp stream, int level) {
    return deflateInit(stream, level);
}
