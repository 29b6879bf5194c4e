#ifndef SIWA_WEBP_H
#define SIWA_WEBP_H
#include <stddef.h>
#include <stdint.h>

/// Receives the encoded bytes.
typedef void (*siwa_webp_write_fn)(void *context, const uint8_t *data, size_t length);

/// Encodes Cairo ARGB32 pixels (native-endian words, premultiplied alpha) as a lossless WebP:
/// a RIFF file with one VP8L chunk. Colour is un-premultiplied as the PNG writer does it;
/// fully transparent pixels become 0. Width and height 1 to 16384. Returns 0, or -1 with
/// `error` filled.
int siwa_webp_encode(const uint8_t *argb, int width, int height, int stride, siwa_webp_write_fn write, void *context,
                     char *error, size_t error_length);

#endif
