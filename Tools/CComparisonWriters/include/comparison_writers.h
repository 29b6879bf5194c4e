#ifndef COMPARISON_WRITERS_H
#define COMPARISON_WRITERS_H
#include <stddef.h>
#include <stdint.h>

/* The writers ours are measured and tested against (libpng + zlib, libwebp), and libpng's
   reader: for the benchmarks, the tests and the fuzz target, never in the product. The
   input is what Cairo draws: ARGB32 words, native-endian, premultiplied alpha. */

/// Receives the encoded bytes.
typedef void (*comparison_write_fn)(void *context, const uint8_t *data, size_t length);

/// Tuning of libpng's zlib stage: level 0-9, PNG row filter mask (PNG_FILTER_*), zlib strategy.
typedef struct {
    int level;
    int filters;
    int strategy;
} siwa_png_tuning;

/// The settings of the libpng writer the service had before ours: level 1, the "up"
/// filter, Z_RLE (measured with `Benchmarks/run.sh render` then).
extern const siwa_png_tuning siwa_png_libpng_tuning;

/// An 8-bit PNG by libpng + zlib with IHDR, sRGB, IDAT and IEND chunks only, colour
/// un-premultiplied as ours does it, grey+alpha when every pixel is grey. Returns 0, or
/// -1 with `error` filled with libpng's message (which it reports with longjmp, which
/// only C can catch).
int siwa_png_encode(const uint8_t *argb, int width, int height, int stride, siwa_png_tuning tuning,
                    comparison_write_fn write, void *context, char *error, size_t error_length);

/// A PNG decoded by libpng to straight 8-bit RGBA (malloc'd; free it), or NULL.
uint8_t *siwa_png_decode_rgba(const uint8_t *png, size_t length, int *width, int *height);

/// A lossless WebP by libwebp's advanced API at this lossless preset (0 fastest ... 9
/// smallest; 2 was the service's before ours), one thread. Colour under fully clear
/// pixels may change (libwebp's `exact` off): no viewer shows it. Returns 0, or -1 with
/// `error` filled.
int siwa_libwebp_encode(const uint8_t *argb, int width, int height, int stride, int level,
                        comparison_write_fn write, void *context, char *error, size_t error_length);

/// "libpng 1.6.39, zlib 1.2.13, libwebp 1.2.4", as loaded at run time.
void siwa_comparison_library_versions(char *text, size_t length);

#endif
