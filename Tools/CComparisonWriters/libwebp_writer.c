#include "comparison_writers.h"
#include <png.h>
#include <stdio.h>
#include <string.h>
#include <webp/encode.h>
#include <zlib.h>

static int fail(char *error, size_t error_length, const char *message) {
    if (error && error_length) snprintf(error, error_length, "%s", message);
    return -1;
}

typedef struct {
    comparison_write_fn write;
    void *context;
} sink;

static int on_write(const uint8_t *data, size_t length, const WebPPicture *picture) {
    const sink *s = picture->custom_ptr;
    s->write(s->context, data, length);
    return 1;
}

/* Rounded as our writers un-premultiply, so all files decode to the same pixels. */
static uint32_t channel(uint32_t c, uint32_t a) {
    uint32_t v = (c * 255 + a / 2) / a;
    return v > 255 ? 255 : v;
}

int siwa_libwebp_encode(const uint8_t *argb, int width, int height, int stride, int level,
                        comparison_write_fn write, void *context, char *error, size_t error_length) {
    WebPConfig config;
    if (!WebPConfigInit(&config) || !WebPConfigLosslessPreset(&config, level))
        return fail(error, error_length, "libwebp does not match the headers this was built with");
    config.exact = 0;
    config.thread_level = 0;
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) return fail(error, error_length, "cannot set up a picture");
    picture.use_argb = 1;
    picture.width = width;
    picture.height = height;
    if (!WebPPictureAlloc(&picture)) return fail(error, error_length, "out of memory for the picture");
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(argb + (size_t)y * stride);
        uint32_t *out = picture.argb + (size_t)y * picture.argb_stride;
        for (int x = 0; x < width; x++) {
            uint32_t p = row[x], a = p >> 24;
            out[x] = a == 255 || p == 0 ? p
                     : a == 0           ? 0
                                        : a << 24 | channel(p >> 16 & 0xFF, a) << 16 | channel(p >> 8 & 0xFF, a) << 8
                                              | channel(p & 0xFF, a);
        }
    }
    sink s = {write, context};
    picture.writer = on_write;
    picture.custom_ptr = &s;
    int ok = WebPEncode(&config, &picture);
    int code = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) {
        char message[64];
        snprintf(message, sizeof message, "libwebp error %d", code);
        return fail(error, error_length, message);
    }
    return 0;
}

void siwa_comparison_library_versions(char *text, size_t length) {
    int v = WebPGetEncoderVersion();
    snprintf(text, length, "libpng %s, zlib %s, libwebp %d.%d.%d", png_get_libpng_ver(NULL), zlibVersion(), v >> 16 & 0xFF,
             v >> 8 & 0xFF, v & 0xFF);
}
