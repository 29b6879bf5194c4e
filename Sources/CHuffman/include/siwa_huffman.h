#ifndef SIWA_HUFFMAN_H
#define SIWA_HUFFMAN_H
/* What DEFLATE (the PNG writer) and VP8L (the WebP writer) share: a bit writer that fills
   bytes from their lowest bit, and canonical Huffman codes of limited length, bit-reversed
   for such a stream. */
#include <stddef.h>
#include <stdint.h>

/// The most code lengths sent together: DEFLATE's literal/length and distance codes (286 + 30).
#define SIWA_HUFFMAN_MAX_SYMBOLS 316

typedef struct {
    uint8_t *out;
    size_t at, capacity;
    uint64_t bits;
    int count;
    int overflow;  // set when `out` was too small: the result is then unusable
} siwa_bit_writer;

static inline void siwa_put_bits(siwa_bit_writer *w, uint32_t value, int n) {
    w->bits |= (uint64_t)value << w->count;
    w->count += n;
    while (w->count >= 8) {
        if (w->at < w->capacity) {
            w->out[w->at++] = (uint8_t)w->bits;
        } else {
            w->overflow = 1;
        }
        w->bits >>= 8;
        w->count -= 8;
    }
}

/// Pads the last byte with zero bits.
static inline void siwa_flush_bits(siwa_bit_writer *w) {
    if (w->count > 0) siwa_put_bits(w, 0, 8 - w->count);
}

/// Code lengths (at most `limit` bits, 0 for unused symbols) for `n` <= SIWA_HUFFMAN_MAX_SYMBOLS
/// symbols of the given frequencies: a complete code when two or more are used; one used symbol
/// gets length 1.
void siwa_huffman_lengths(const uint32_t *freq, int n, int limit, uint8_t *lengths);

/// The canonical codes of those lengths (at most 15), bit-reversed for siwa_put_bits.
void siwa_huffman_codes(const uint8_t *lengths, int n, uint16_t *codes);

/// A code's lengths as DEFLATE and VP8L both send them: run-length coded (0-15 as themselves,
/// 16: the previous length 3-6 more times, 17: 3-10 zeros, 18: 11-138 zeros), with a Huffman
/// code of those 19 symbols (at most 7 bits).
typedef struct {
    int count;
    uint8_t symbol[SIWA_HUFFMAN_MAX_SYMBOLS];
    uint8_t extra[SIWA_HUFFMAN_MAX_SYMBOLS];  // the value of 16-18's extra bits
    uint8_t lengths[19];
    uint16_t codes[19];
} siwa_code_length_code;

/// The run-length code of `n` lengths and its Huffman code.
void siwa_code_length_code_make(const uint8_t *lengths, int n, siwa_code_length_code *c);

/// The run-length symbols, each with its code and extra bits.
void siwa_code_length_code_write(const siwa_code_length_code *c, siwa_bit_writer *w);

#endif
