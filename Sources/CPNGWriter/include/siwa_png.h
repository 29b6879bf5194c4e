#ifndef SIWA_PNG_H
#define SIWA_PNG_H
#include <stddef.h>
#include <stdint.h>

/// Receives the encoded bytes as libpng produces them.
typedef void (*siwa_png_write_fn)(void *context, const uint8_t *data, size_t length);

/// Tuning of the zlib stage: level 0-9, PNG row filter mask (PNG_FILTER_*), zlib strategy.
typedef struct {
    int level;
    int filters;
    int strategy;
} siwa_png_tuning;

/// Encodes Cairo ARGB32 pixels (native-endian words, premultiplied alpha) as an 8-bit PNG
/// with IHDR, sRGB, IDAT and IEND chunks only. Colour is un-premultiplied; fully
/// transparent pixels become 0; grey+alpha is written when every pixel is grey.
/// Returns 0 on success; otherwise fills `error` with libpng's message and returns -1.
/// (libpng reports errors with longjmp, which only C can catch: hence this file.)
int siwa_png_encode(const uint8_t *argb, int width, int height, int stride, siwa_png_tuning tuning,
                    siwa_png_write_fn write, void *context, char *error, size_t error_length);

/// The same image as siwa_png_encode, without libpng: rows filtered here (`filter` 0 none,
/// 1 sub, 2 up, -1 per row the smallest sum of |bytes| among those three; a row drawn like
/// the one above is "up", all zeros; with filter 0 it is a copy of the row above), the IDAT
/// stream compressed whole: `level` 0 by our run-aware DEFLATE (siwa_runs.c), 1-12 by
/// libdeflate at that level (for the measurements). Chunks IHDR, sRGB, one IDAT, IEND.
/// Returns 0, or -1 with `error` filled.
int siwa_png_encode_deflate(const uint8_t *argb, int width, int height, int stride, int level, int filter,
                            siwa_png_write_fn write, void *context, char *error, size_t error_length);

/// A PNG decoded by libpng to straight 8-bit RGBA (malloc'd; free it), or NULL: for the
/// tests, which compare what two writers' files decode to.
uint8_t *siwa_png_decode_rgba(const uint8_t *png, size_t length, int *width, int *height);

/// "libpng 1.6.39, zlib 1.2.13, libdeflate 1.14": libpng's and zlib's versions loaded at run
/// time, libdeflate's built with (its checksums are in our PNGs; the service's ETags include them).
void siwa_png_library_versions(char *text, size_t length);

#endif
