/* A run-aware DEFLATE encoder for filtered button rows (one dynamic-Huffman block in a
   zlib stream). A button's filtered rows are long runs and repeats of the row above, so
   matches are only looked for at three distances: 1 (a run of one byte), the pixel's
   size (a run of one pixel) and the filtered row's length (the row above), compared a
   word at a time. No hash tables: the cost is one pass over the bytes. */
#include "siwa_runs.h"
#include <siwa_huffman.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { LITLEN = 286, DIST = 30, CODELEN = 19 };

/* Length 3..258 -> symbol 257..285 and its extra bits. */
static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                                       193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

static uint8_t length_code[259];

static void init_tables(void) {
    for (int c = 0; c < 29; c++) {
        int end = c == 28 ? 259 : length_base[c + 1];
        for (int l = length_base[c]; l < end && l < 259; l++) length_code[l] = (uint8_t)c;
    }
    length_code[258] = 28;  // 258 is its own code (not 227 + 31)
}

static inline int dist_code(uint32_t d) {
    int c = 0;
    while (c < 29 && dist_base[c + 1] <= d) c++;
    return c;
}

/* Bytes equal at a and b, at most `max`. */
static inline size_t match_length(const uint8_t *a, const uint8_t *b, size_t max) {
    size_t n = 0;
    while (n + 8 <= max) {
        uint64_t x, y;
        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        if (x != y) return n + (size_t)(__builtin_ctzll(x ^ y) >> 3);
        n += 8;
    }
    while (n < max && a[n] == b[n]) n++;
    return n;
}

/* A token: a literal (bit 31 clear: the byte) or a match (bit 31, length << 16, distance). */
#define MATCH(len, dist) (0x80000000u | (uint32_t)(len) << 16 | (uint32_t)(dist))

size_t siwa_runs_zlib_bound(size_t n) { return n + n / 8 + 1024; }

size_t siwa_runs_zlib_compress(const uint8_t *data, size_t n, size_t row, int pixel, uint8_t *out, size_t capacity) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_tables);
    uint32_t *tokens = malloc((n + 1) * sizeof(uint32_t));
    if (!tokens) return 0;
    uint32_t lit[LITLEN] = {0}, dst[DIST] = {0};
    size_t t = 0;
    uint32_t distances[3] = {1, (uint32_t)pixel, (uint32_t)row};
    int ndist = row > 32768 || row == 0 ? 2 : 3;
    for (size_t i = 0; i < n;) {
        size_t best = 0;
        uint32_t best_dist = 0;
        size_t max = n - i < 258 ? n - i : 258;
        for (int k = 0; k < ndist; k++) {
            uint32_t d = distances[k];
            if (d > i || max < 3) continue;
            if (data[i] != data[i - d] || data[i + max - 1 < i + 2 ? i : i + 2] != data[i + 2 - d]) continue;
            size_t len = match_length(data + i, data + i - d, max);
            if (len > best) best = len, best_dist = d;
            if (best == max) break;
        }
        if (best >= 3) {
            tokens[t++] = MATCH(best, best_dist);
            lit[257 + length_code[best]]++;
            dst[dist_code(best_dist)]++;
            i += best;
        } else {
            tokens[t++] = data[i];
            lit[data[i]]++;
            i++;
        }
    }
    lit[256] = 1;
    uint8_t lengths[LITLEN + DIST];
    siwa_huffman_lengths(lit, LITLEN, 15, lengths);
    siwa_huffman_lengths(dst, DIST, 15, lengths + LITLEN);
    int hlit = LITLEN, hdist = DIST;
    while (hlit > 257 && !lengths[hlit - 1]) hlit--;
    while (hdist > 1 && !lengths[LITLEN + hdist - 1]) hdist--;
    if (!lengths[LITLEN]) {
        // No match at all: one distance code of one bit, unused (as zlib writes).
        int any = 0;
        for (int i = 0; i < DIST; i++) any |= lengths[LITLEN + i];
        if (!any) lengths[LITLEN] = 1;
    }
    uint8_t all[LITLEN + DIST];
    memcpy(all, lengths, (size_t)hlit);
    memcpy(all + hlit, lengths + LITLEN, (size_t)hdist);
    siwa_code_length_code cl;
    siwa_code_length_code_make(all, hlit + hdist, &cl);
    uint16_t codes[LITLEN + DIST];
    siwa_huffman_codes(lengths, LITLEN, codes);
    siwa_huffman_codes(lengths + LITLEN, DIST, codes + LITLEN);
    static const uint8_t order[CODELEN] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int hclen = CODELEN;
    while (hclen > 4 && !cl.lengths[order[hclen - 1]]) hclen--;

    siwa_bit_writer w = {out, 0, capacity, 0, 0, 0};
    siwa_put_bits(&w, 0x78, 8);
    siwa_put_bits(&w, 0x01, 8);  // (0x78 << 8 | 0x01) % 31 == 0
    siwa_put_bits(&w, 1, 1);     // final block
    siwa_put_bits(&w, 2, 2);     // dynamic Huffman
    siwa_put_bits(&w, (uint32_t)(hlit - 257), 5);
    siwa_put_bits(&w, (uint32_t)(hdist - 1), 5);
    siwa_put_bits(&w, (uint32_t)(hclen - 4), 4);
    for (int i = 0; i < hclen; i++) siwa_put_bits(&w, cl.lengths[order[i]], 3);
    siwa_code_length_code_write(&cl, &w);
    for (size_t k = 0; k < t && !w.overflow; k++) {
        uint32_t tok = tokens[k];
        if (!(tok & 0x80000000u)) {
            siwa_put_bits(&w, codes[tok], lengths[tok]);
            continue;
        }
        uint32_t len = (tok >> 16) & 0x7FFF, d = tok & 0xFFFF;
        int lc = length_code[len];
        siwa_put_bits(&w, codes[257 + lc], lengths[257 + lc]);
        if (length_extra[lc]) siwa_put_bits(&w, len - length_base[lc], length_extra[lc]);
        int dc = dist_code(d);
        siwa_put_bits(&w, codes[LITLEN + dc], lengths[LITLEN + dc]);
        if (dist_extra[dc]) siwa_put_bits(&w, d - dist_base[dc], dist_extra[dc]);
    }
    siwa_put_bits(&w, codes[256], lengths[256]);
    siwa_flush_bits(&w);
    free(tokens);
    uint32_t adler = libdeflate_adler32(1, data, n);
    siwa_put_bits(&w, adler >> 24, 8);
    siwa_put_bits(&w, (adler >> 16) & 0xFF, 8);
    siwa_put_bits(&w, (adler >> 8) & 0xFF, 8);
    siwa_put_bits(&w, adler & 0xFF, 8);
    return w.overflow ? 0 : w.at;
}
