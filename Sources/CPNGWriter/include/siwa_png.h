#ifndef SIWA_PNG_H
#define SIWA_PNG_H
#include <stddef.h>
#include <stdint.h>

/// Receives the encoded bytes.
typedef void (*siwa_png_write_fn)(void *context, const uint8_t *data, size_t length);

/// Encodes Cairo ARGB32 pixels (native-endian words, premultiplied alpha) as an 8-bit PNG,
/// colour un-premultiplied, fully transparent pixels 0, grey+alpha when every pixel is
/// grey. Rows filtered here (`filter` 0 none, 1 sub, 2 up, -1 per row the smallest sum of
/// |bytes| among those three; a row drawn like the one above is "up", all zeros; with
/// filter 0 it is a copy of the row above), the IDAT
/// stream compressed whole: `level` 0 by our run-aware DEFLATE (siwa_runs.c), 1-12 by
/// libdeflate at that level (for the measurements). Chunks IHDR, sRGB, one IDAT, IEND.
/// Returns 0, or -1 with `error` filled.
int siwa_png_encode_deflate(const uint8_t *argb, int width, int height, int stride, int level, int filter,
                            siwa_png_write_fn write, void *context, char *error, size_t error_length);

/// "libdeflate 1.14": the version built with (its checksums are in our PNGs; the service's
/// ETags include it).
void siwa_png_library_versions(char *text, size_t length);

#endif
