#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>

/* inflateInit2 is a macro (it passes ZLIB_VERSION and the stream size): not importable. */
static inline int czlib_inflate_init2(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}
/* deflateInit2 likewise; used by the tests to build gzip and zlib fixtures. */
static inline int czlib_deflate_init2(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}
#endif
