#include "comparison_writers.h"
#include <png.h>
#include <stdio.h>
#include <zlib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

const siwa_png_tuning siwa_png_libpng_tuning = {1, PNG_FILTER_UP, Z_RLE};

typedef struct {
    comparison_write_fn write;
    void *context;
    char *error;
    size_t error_length;
} sink;

static void on_write(png_structp png, png_bytep data, png_size_t length) {
    sink *s = png_get_io_ptr(png);
    s->write(s->context, data, length);
}

static void on_flush(png_structp png) { (void)png; }

static void on_error(png_structp png, png_const_charp message) {
    sink *s = png_get_error_ptr(png);
    if (s->error && s->error_length) {
        strncpy(s->error, message, s->error_length - 1);
        s->error[s->error_length - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static inline uint8_t unpremultiply(uint32_t c, uint32_t a) {
    if (a == 0) return 0;
    if (a == 255) return (uint8_t)c;
    uint32_t v = (c * 255 + a / 2) / a;
    return (uint8_t)(v > 255 ? 255 : v);
}

static int all_grey(const uint8_t *argb, int width, int height, int stride) {
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(argb + (size_t)y * stride);
        uint32_t differ = 0;
        // ARGB ^ 0ARG: the low 16 bits are (R^G, G^B), zero only when R == G == B.
        for (int x = 0; x < width; x++) differ |= (row[x] ^ (row[x] >> 8)) & 0xFFFF;
        if (differ) return 0;
    }
    return 1;
}

/* Grey rows: almost every pixel of a button is opaque or clear, so those take no
   division; only anti-aliased edges are un-premultiplied. */
static void grey_row(const uint32_t *src, uint8_t *dst, int width) {
    for (int x = 0; x < width; x++) {
        uint32_t p = src[x], a = p >> 24;
        dst[2 * x] = a == 255 ? (uint8_t)p : unpremultiply(p & 0xFF, a);
        dst[2 * x + 1] = (uint8_t)a;
    }
}

int siwa_png_encode(const uint8_t *argb, int width, int height, int stride, siwa_png_tuning tuning,
                    comparison_write_fn write, void *context, char *error, size_t error_length) {
    sink s = {write, context, error, error_length};
    const int grey = all_grey(argb, width, height, stride);
    const int channels = grey ? 2 : 4;
    uint8_t *volatile row = malloc((size_t)width * channels);
    if (!row) return -1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &s, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return -1;
    }
    png_set_write_fn(png, &s, on_write, on_flush);
    png_set_IHDR(png, info, width, height, 8, grey ? PNG_COLOR_TYPE_GRAY_ALPHA : PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_compression_level(png, tuning.level);
    png_set_compression_strategy(png, tuning.strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, tuning.filters);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        const uint32_t *src = (const uint32_t *)(argb + (size_t)y * stride);
        if (grey) {
            grey_row(src, row, width);
        } else {
            uint8_t *dst = row;
            for (int x = 0; x < width; x++) {
                uint32_t p = src[x], a = p >> 24;
                *dst++ = unpremultiply((p >> 16) & 0xFF, a);
                *dst++ = unpremultiply((p >> 8) & 0xFF, a);
                *dst++ = unpremultiply(p & 0xFF, a);
                *dst++ = (uint8_t)a;
            }
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    return 0;
}

uint8_t *siwa_png_decode_rgba(const uint8_t *png, size_t length, int *width, int *height) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, png, length)) return NULL;
    image.format = PNG_FORMAT_RGBA;
    uint8_t *pixels = malloc(PNG_IMAGE_SIZE(image));
    if (!pixels || !png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        png_image_free(&image);
        free(pixels);
        return NULL;
    }
    *width = (int)image.width, *height = (int)image.height;
    return pixels;
}
