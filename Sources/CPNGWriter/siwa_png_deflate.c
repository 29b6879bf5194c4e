/* The PNG writer without libpng: the file is a signature and four chunks (IHDR, sRGB,
   IDAT, IEND), so it is written here, with rows filtered here and the IDAT stream
   compressed whole by libdeflate. Same pixels as siwa_png_encode (same conversion). */
#include "siwa_png.h"
#include "siwa_runs.h"
#include <libdeflate.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline uint8_t unpremultiply(uint32_t c, uint32_t a) {
    if (a == 0) return 0;
    if (a == 255) return (uint8_t)c;
    uint32_t v = (c * 255 + a / 2) / a;
    return (uint8_t)(v > 255 ? 255 : v);
}

static void fail(char *error, size_t error_length, const char *message) {
    if (error && error_length) {
        strncpy(error, message, error_length - 1);
        error[error_length - 1] = 0;
    }
}

/* One compressor per thread and level (allocating one costs more than a small image's
   compression), freed when the thread ends. */
static pthread_key_t compressor_key;
static pthread_once_t compressor_once = PTHREAD_ONCE_INIT;
typedef struct {
    struct libdeflate_compressor *compressor;
    int level;
} cached_compressor;

static void free_cached(void *p) {
    cached_compressor *c = p;
    if (c) {
        libdeflate_free_compressor(c->compressor);
        free(c);
    }
}

static void make_key(void) { pthread_key_create(&compressor_key, free_cached); }

static struct libdeflate_compressor *compressor_for(int level) {
    pthread_once(&compressor_once, make_key);
    cached_compressor *c = pthread_getspecific(compressor_key);
    if (c && c->level == level) return c->compressor;
    if (!c) {
        c = calloc(1, sizeof *c);
        if (!c) return NULL;
        if (pthread_setspecific(compressor_key, c) != 0) {
            free(c);
            return NULL;
        }
    }
    if (c->compressor) libdeflate_free_compressor(c->compressor);
    c->compressor = libdeflate_alloc_compressor(level);
    c->level = c->compressor ? level : -1;
    return c->compressor;
}

/* A grey row (R == G == B) as grey+alpha, and whether the row was grey at all. Eight
   pixels at a time with no branch (vectorized), as if each were opaque or clear; the
   few anti-aliased ones (alpha 1-254) are then un-premultiplied one by one. */
static int grey_row(const uint32_t *src, uint8_t *dst, int width) {
    uint32_t differ = 0;
    int x = 0;
    for (; x + 8 <= width; x += 8) {
        uint32_t partial = 0, grey_alpha[8];
        for (int k = 0; k < 8; k++) {
            uint32_t p = src[x + k], a = p >> 24;
            // ARGB ^ 0ARG: the low 16 bits are (R^G, G^B), zero only when R == G == B.
            differ |= (p ^ (p >> 8)) & 0xFFFF;
            partial |= a - 1 < 254 ? 1u : 0u;
            grey_alpha[k] = (a ? p & 0xFF : 0) | a << 8;
        }
        uint8_t *d = dst + 2 * x;
        for (int k = 0; k < 8; k++) d[2 * k] = (uint8_t)grey_alpha[k], d[2 * k + 1] = (uint8_t)(grey_alpha[k] >> 8);
        if (partial) {
            for (int k = 0; k < 8; k++) {
                uint32_t p = src[x + k], a = p >> 24;
                if (a - 1 < 254) d[2 * k] = unpremultiply(p & 0xFF, a);
            }
        }
    }
    for (; x < width; x++) {
        uint32_t p = src[x], a = p >> 24;
        differ |= (p ^ (p >> 8)) & 0xFFFF;
        dst[2 * x] = a == 255 ? (uint8_t)p : unpremultiply(p & 0xFF, a);
        dst[2 * x + 1] = (uint8_t)a;
    }
    return differ == 0;
}

static void colour_row(const uint32_t *src, uint8_t *dst, int width) {
    for (int x = 0; x < width; x++) {
        uint32_t p = src[x], a = p >> 24;
        if (a == 255) {
            dst[0] = (uint8_t)(p >> 16), dst[1] = (uint8_t)(p >> 8), dst[2] = (uint8_t)p;
        } else {
            dst[0] = unpremultiply((p >> 16) & 0xFF, a);
            dst[1] = unpremultiply((p >> 8) & 0xFF, a);
            dst[2] = unpremultiply(p & 0xFF, a);
        }
        dst[3] = (uint8_t)a;
        dst += 4;
    }
}

static inline uint32_t cost(uint8_t v) { return v < 128 ? v : 256 - v; }

/* Filters `raw` against `prev` (NULL on the first row) into out[0] (type) and out[1...]:
   mode 0 none, 1 sub, 2 up, -1 the smallest sum of |bytes| among the three. */
static void filter_row(const uint8_t *raw, const uint8_t *prev, uint8_t *out, size_t n, int bpp, int mode) {
    uint8_t *f = out + 1;
    if (mode < 0) {
        uint32_t none = 0, sub = 0, up = 0;
        for (size_t i = 0; i < n; i++) none += cost(raw[i]);
        for (size_t i = 0; i < n; i++) sub += cost((uint8_t)(raw[i] - (i >= (size_t)bpp ? raw[i - bpp] : 0)));
        if (prev) {
            for (size_t i = 0; i < n; i++) up += cost((uint8_t)(raw[i] - prev[i]));
        } else {
            up = none;
        }
        mode = up <= sub && up <= none ? 2 : sub < none ? 1 : 0;
    }
    out[0] = (uint8_t)mode;
    switch (mode) {
    case 1:
        memcpy(f, raw, (size_t)bpp < n ? (size_t)bpp : n);
        for (size_t i = (size_t)bpp; i < n; i++) f[i] = (uint8_t)(raw[i] - raw[i - bpp]);
        break;
    case 2:
        if (prev) {
            for (size_t i = 0; i < n; i++) f[i] = (uint8_t)(raw[i] - prev[i]);
            break;
        }
        // fall through: "up" of the first row is the row itself
    default:
        memcpy(f, raw, n);
        break;
    }
}

static inline void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

int siwa_png_encode_deflate(const uint8_t *argb, int width, int height, int stride, int level, int filter,
                            siwa_png_write_fn write, void *context, char *error, size_t error_length) {
    if (width <= 0 || height <= 0) {
        fail(error, error_length, width <= 0 ? "Image width is zero in IHDR" : "Image height is zero in IHDR");
        return -1;
    }
    if (width > 0x7FFFFFFF / 4 - 1) {
        fail(error, error_length, "Image width is too large for this architecture");
        return -1;
    }
    int grey = 1, channels = 2;
    size_t row_bytes = (size_t)width * 2, filtered_bytes = (row_bytes + 1) * (size_t)height;
    uint8_t *filtered = malloc((size_t)(width * 4 + 1) * (size_t)height);
    uint8_t *rows = malloc((size_t)width * 4 * 2);
    uint8_t *packed = NULL;
    int status = -1;
    if (!filtered || !rows) {
        fail(error, error_length, "Out of memory");
        goto done;
    }
    uint8_t *raw = rows, *prev = rows + (size_t)width * 4;
    for (int pass = 0; pass < 2; pass++) {
        int identical_ok = 0;
        for (int y = 0; y < height; y++) {
            const uint32_t *src = (const uint32_t *)(argb + (size_t)y * stride);
            uint8_t *out = filtered + (row_bytes + 1) * (size_t)y;
            // A row drawn like the one above: its "up" filter is all zeros, with no
            // conversion (the raw row above stays the previous row).
            if (identical_ok && memcmp(src, argb + (size_t)(y - 1) * stride, (size_t)width * 4) == 0) {
                if (filter == 2 || filter < 0) {
                    out[0] = 2;
                    memset(out + 1, 0, row_bytes);
                    continue;
                }
                if (filter == 0) {  // the row above again
                    memcpy(out, out - (row_bytes + 1), row_bytes + 1);
                    continue;
                }
            }
            if (grey) {
                if (!grey_row(src, raw, width)) {
                    // A colour pixel: start again as RGBA.
                    grey = 0, channels = 4, row_bytes = (size_t)width * 4;
                    filtered_bytes = (row_bytes + 1) * (size_t)height;
                    break;
                }
            } else {
                colour_row(src, raw, width);
            }
            filter_row(raw, y ? prev : NULL, out, row_bytes, channels, filter);
            uint8_t *t = prev;
            prev = raw, raw = t;
            identical_ok = 1;
        }
        if (grey || pass == 1) break;
    }
    struct libdeflate_compressor *compressor = level > 0 ? compressor_for(level) : NULL;
    if (level > 0 && !compressor) {
        fail(error, error_length, "Out of memory");
        goto done;
    }
    size_t bound = compressor ? libdeflate_zlib_compress_bound(compressor, filtered_bytes)
                              : siwa_runs_zlib_bound(filtered_bytes);
    // signature + IHDR + sRGB + IDAT header ... IDAT CRC + IEND
    packed = malloc(8 + 25 + 13 + 8 + bound + 4 + 12);
    if (!packed) {
        fail(error, error_length, "Out of memory");
        goto done;
    }
    uint8_t *idat = packed + 8 + 25 + 13;
    size_t idat_length =
        compressor ? libdeflate_zlib_compress(compressor, filtered, filtered_bytes, idat + 8, bound)
                   : siwa_runs_zlib_compress(filtered, filtered_bytes, row_bytes + 1, channels, idat + 8, bound);
    if (idat_length == 0 || idat_length > 0x7FFFFFFF) {
        fail(error, error_length, "Compression failed");
        goto done;
    }
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    memcpy(packed, signature, 8);
    uint8_t *ihdr = packed + 8;
    put32(ihdr, 13);
    memcpy(ihdr + 4, "IHDR", 4);
    put32(ihdr + 8, (uint32_t)width);
    put32(ihdr + 12, (uint32_t)height);
    ihdr[16] = 8;                 // bit depth
    ihdr[17] = grey ? 4 : 6;      // grey+alpha or RGBA
    ihdr[18] = ihdr[19] = ihdr[20] = 0;  // deflate, adaptive filtering, not interlaced
    put32(ihdr + 21, (uint32_t)libdeflate_crc32(0, ihdr + 4, 17));
    uint8_t *srgb = ihdr + 25;
    put32(srgb, 1);
    memcpy(srgb + 4, "sRGB", 4);
    srgb[8] = 0;  // perceptual
    put32(srgb + 9, (uint32_t)libdeflate_crc32(0, srgb + 4, 5));
    put32(idat, (uint32_t)idat_length);
    memcpy(idat + 4, "IDAT", 4);
    put32(idat + 8 + idat_length, (uint32_t)libdeflate_crc32(0, idat + 4, 4 + idat_length));
    uint8_t *iend = idat + 12 + idat_length;
    put32(iend, 0);
    memcpy(iend + 4, "IEND", 4);
    put32(iend + 8, 0xAE426082);
    write(context, packed, (size_t)(iend + 12 - packed));
    status = 0;
done:
    free(filtered);
    free(rows);
    free(packed);
    return status;
}

void siwa_png_library_versions(char *text, size_t length) {
    snprintf(text, length, "libdeflate %s", LIBDEFLATE_VERSION_STRING);
}
