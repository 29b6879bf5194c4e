/* The PNG and WebP writers that make every served raster byte, under libFuzzer with ASan
   and UBSan (scripts/fuzz.sh builds this with clang). Each input is an image: a small
   header (size, row padding, the PNG writer's row filter) and Cairo ARGB32 pixels taken
   from the rest. Both writers encode it; libpng and libwebp decode their files, which
   must give the same straight pixels, and those premultiplied again must be the input
   exactly (for 8-bit colour c <= alpha a, round(round(255c/a) * a/255) = c). */
#include <comparison_writers.h>
#include <png.h>
#include <siwa_png.h>
#include <siwa_webp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>

typedef struct {
    uint8_t *bytes;
    size_t length, capacity;
} buffer;

static void append(void *context, const uint8_t *data, size_t length) {
    buffer *b = context;
    if (b->length + length > b->capacity) {
        b->capacity = (b->length + length) * 2;
        b->bytes = realloc(b->bytes, b->capacity);
        if (!b->bytes) abort();
    }
    memcpy(b->bytes + b->length, data, length);
    b->length += length;
}

/* Cairo's premultiplication: round(c * a / 255). */
static uint8_t premultiply(uint8_t c, uint8_t a) {
    unsigned t = c * a + 0x80;
    return (uint8_t)((t + (t >> 8)) >> 8);
}

static void broken(const char *what, int x, int y, int width, int height) {
    fprintf(stderr, "fuzz_writers: %s at (%d, %d) of %d x %d\n", what, x, y, width, height);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 5) return -1;
    /* Up to 256 x 64: every path of the writers (runs, repeats, the row above, 32 x 32
       blocks, grey and colour) at sizes a fuzzer gets through quickly. */
    int width = 1 + (data[0] | (data[1] & 0x01) << 8) % 256, height = 1 + data[2] % 64;
    int stride = (width + (data[3] & 0x0F)) * 4, filter = (int)(data[4] % 4) - 1;
    const uint8_t *source = data + 5;
    size_t count = size - 5;
    uint8_t *argb = calloc((size_t)stride * height, 1);
    if (!argb) abort();
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            /* The input's bytes over and over: runs and repeats come from short inputs. */
            size_t i = ((size_t)y * width + x) * 4;
            uint8_t a = count ? source[i % count] : 0xFF, r = count ? source[(i + 1) % count] : 0;
            uint8_t g = count ? source[(i + 2) % count] : 0, b = count ? source[(i + 3) % count] : 0;
            uint32_t word = (uint32_t)a << 24 | (uint32_t)premultiply(r, a) << 16 | (uint32_t)premultiply(g, a) << 8 | premultiply(b, a);
            memcpy(argb + (size_t)y * stride + x * 4, &word, 4);
        }
        /* The row's padding holds bytes the writers must not read as pixels. */
        memset(argb + (size_t)y * stride + width * 4, 0xA5, stride - width * 4);
    }

    char error[256];
    buffer png = {0}, webp = {0};
    if (siwa_png_encode_deflate(argb, width, height, stride, 0, filter, append, &png, error, sizeof error) != 0)
        broken(error, 0, 0, width, height);
    if (siwa_webp_encode(argb, width, height, stride, append, &webp, error, sizeof error) != 0)
        broken(error, 0, 0, width, height);

    int pw = 0, ph = 0, ww = 0, wh = 0;
    uint8_t *from_png = siwa_png_decode_rgba(png.bytes, png.length, &pw, &ph);
    uint8_t *from_webp = WebPDecodeRGBA(webp.bytes, webp.length, &ww, &wh);
    if (!from_png) broken("libpng cannot decode the PNG", 0, 0, width, height);
    if (!from_webp) broken("libwebp cannot decode the WebP", 0, 0, width, height);
    if (pw != width || ph != height || ww != width || wh != height) broken("a decoded size differs", pw, ph, width, height);
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            const uint8_t *p = from_png + ((size_t)y * width + x) * 4, *w = from_webp + ((size_t)y * width + x) * 4;
            uint32_t word;
            memcpy(&word, argb + (size_t)y * stride + x * 4, 4);
            uint8_t a = word >> 24;
            if (p[3] != a || w[3] != a) broken("alpha differs", x, y, width, height);
            if (a == 0) continue; /* no colour under a clear pixel */
            if (memcmp(p, w, 3) != 0) broken("the PNG and the WebP differ", x, y, width, height);
            uint32_t again = (uint32_t)a << 24 | (uint32_t)premultiply(p[0], a) << 16 | (uint32_t)premultiply(p[1], a) << 8
                             | premultiply(p[2], a);
            if (again != word) broken("the decoded colour is not the input's", x, y, width, height);
        }
    }
    free(from_png);
    WebPFree(from_webp);
    free(png.bytes);
    free(webp.bytes);
    free(argb);
    return 0;
}
