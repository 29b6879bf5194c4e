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

/// "libpng 1.6.39, zlib 1.2.13": the versions loaded at run time (their output is part
/// of the bytes, so the service's ETags include them).
void siwa_png_library_versions(char *text, size_t length);

#endif
