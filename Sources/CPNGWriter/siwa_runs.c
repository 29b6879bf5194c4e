/* A run-aware DEFLATE encoder for filtered button rows (one dynamic-Huffman block in a
   zlib stream). A button's filtered rows are long runs and repeats of the row above, so
   matches are only looked for at three distances: 1 (a run of one byte), the pixel's
   size (a run of one pixel) and the filtered row's length (the row above), compared a
   word at a time. No hash tables: the cost is one pass over the bytes. */
#include "siwa_runs.h"
#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { LITLEN = 286, DIST = 30, CODELEN = 19 };

typedef struct {
    uint8_t *out;
    size_t at, capacity;
    uint64_t bits;
    int count;
    int overflow;
} bit_writer;

static inline void put_bits(bit_writer *w, uint32_t value, int n) {
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

static void flush_bits(bit_writer *w) {
    if (w->count > 0) put_bits(w, 0, 8 - w->count);
}

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

/* Huffman code lengths (at most `limit` bits) for `n` symbols of the given frequencies,
   by a two-queue Huffman build and then miniz's length-limiting. */
typedef struct {
    uint32_t freq;
    uint16_t symbol;
} leaf;

static int by_freq(const void *a, const void *b) {
    const leaf *x = a, *y = b;
    if (x->freq != y->freq) return x->freq < y->freq ? -1 : 1;
    return x->symbol < y->symbol ? -1 : x->symbol > y->symbol;
}

static void code_lengths(const uint32_t *freq, int n, int limit, uint8_t *lengths) {
    leaf leaves[LITLEN];
    int m = 0;
    memset(lengths, 0, (size_t)n);
    for (int i = 0; i < n; i++)
        if (freq[i]) leaves[m].freq = freq[i], leaves[m].symbol = (uint16_t)i, m++;
    if (m == 0) return;
    if (m == 1) {
        lengths[leaves[0].symbol] = 1;
        return;
    }
    qsort(leaves, (size_t)m, sizeof(leaf), by_freq);
    // Nodes 0..m-1 are the leaves, m..2m-2 the internal nodes in the order made.
    uint32_t weight[2 * LITLEN];
    int parent[2 * LITLEN];
    for (int i = 0; i < m; i++) weight[i] = leaves[i].freq;
    int next_leaf = 0, next_node = m, made = m;
    for (int k = 0; k < m - 1; k++) {
        int pick[2];
        for (int j = 0; j < 2; j++) {
            if (next_leaf < m && (next_node >= made || weight[next_leaf] <= weight[next_node])) {
                pick[j] = next_leaf++;
            } else {
                pick[j] = next_node++;
            }
        }
        weight[made] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = made;
        made++;
    }
    // Depths: the root (made - 1) is 0, each node one more than its parent.
    uint8_t depth[2 * LITLEN];
    depth[made - 1] = 0;
    for (int i = made - 2; i >= 0; i--) depth[i] = (uint8_t)(depth[parent[i]] + 1);
    int count[64] = {0};
    for (int i = 0; i < m; i++) count[depth[i] < 63 ? depth[i] : 63]++;
    // Length-limit (miniz): fold longer codes into `limit`, then restore Kraft's equality.
    for (int i = limit + 1; i < 64; i++) count[limit] += count[i], count[i] = 0;
    uint32_t total = 0;
    for (int i = limit; i > 0; i--) total += (uint32_t)count[i] << (limit - i);
    while (total != (1u << limit)) {
        count[limit]--;
        for (int i = limit - 1; i > 0; i--)
            if (count[i]) {
                count[i]--;
                count[i + 1] += 2;
                break;
            }
        total--;
    }
    // The least frequent leaves (first in `leaves`) get the longest codes.
    int at = 0;
    for (int len = limit; len > 0; len--)
        for (int k = count[len]; k > 0; k--) lengths[leaves[at++].symbol] = (uint8_t)len;
}

/* Canonical codes, bit-reversed for the LSB-first stream. */
static void canonical(const uint8_t *lengths, int n, uint16_t *codes) {
    int count[16] = {0}, next[16];
    for (int i = 0; i < n; i++) count[lengths[i]]++;
    count[0] = 0;
    int code = 0;
    for (int len = 1; len < 16; len++) {
        code = (code + count[len - 1]) << 1;
        next[len] = code;
    }
    for (int i = 0; i < n; i++) {
        int len = lengths[i];
        if (!len) continue;
        uint32_t c = (uint32_t)next[len]++, r = 0;
        for (int b = 0; b < len; b++) r = (r << 1) | ((c >> b) & 1);
        codes[i] = (uint16_t)r;
    }
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
    code_lengths(lit, LITLEN, 15, lengths);
    code_lengths(dst, DIST, 15, lengths + LITLEN);
    int hlit = LITLEN, hdist = DIST;
    while (hlit > 257 && !lengths[hlit - 1]) hlit--;
    while (hdist > 1 && !lengths[LITLEN + hdist - 1]) hdist--;
    if (!lengths[LITLEN]) {
        // No match at all: one distance code of one bit, unused (as zlib writes).
        int any = 0;
        for (int i = 0; i < DIST; i++) any |= lengths[LITLEN + i];
        if (!any) lengths[LITLEN] = 1;
    }
    // The code lengths, run-length coded (16: repeat the last 3-6, 17: 3-10 zeros, 18: 11-138 zeros).
    uint8_t all[LITLEN + DIST], cl_sym[LITLEN + DIST], cl_extra[LITLEN + DIST];
    int total = hlit + hdist, ncl = 0;
    memcpy(all, lengths, (size_t)hlit);
    memcpy(all + hlit, lengths + LITLEN, (size_t)hdist);
    uint32_t cl_freq[CODELEN] = {0};
    for (int i = 0; i < total;) {
        int v = all[i], run = 1;
        while (i + run < total && all[i + run] == v) run++;
        if (v == 0 && run >= 3) {
            int r = run > 138 ? 138 : run;
            if (r >= 11) {
                cl_sym[ncl] = 18, cl_extra[ncl++] = (uint8_t)(r - 11);
            } else {
                cl_sym[ncl] = 17, cl_extra[ncl++] = (uint8_t)(r - 3);
            }
            cl_freq[cl_sym[ncl - 1]]++;
            i += r;
        } else if (v != 0 && run >= 4) {
            cl_sym[ncl] = (uint8_t)v, cl_extra[ncl++] = 0;
            cl_freq[v]++;
            int r = run - 1 > 6 ? 6 : run - 1;
            cl_sym[ncl] = 16, cl_extra[ncl++] = (uint8_t)(r - 3);
            cl_freq[16]++;
            i += 1 + r;
        } else {
            cl_sym[ncl] = (uint8_t)v, cl_extra[ncl++] = 0;
            cl_freq[v]++;
            i++;
        }
    }
    uint8_t cl_len[CODELEN];
    uint16_t cl_code[CODELEN], codes[LITLEN + DIST];
    // Inflate refuses an incomplete code-length code: at least two symbols, however rare.
    int used = 0;
    for (int i = 0; i < CODELEN; i++) used += cl_freq[i] != 0;
    if (used < 2) cl_freq[cl_freq[0] ? 1 : 0] = 1;
    code_lengths(cl_freq, CODELEN, 7, cl_len);
    canonical(cl_len, CODELEN, cl_code);
    canonical(lengths, LITLEN, codes);
    canonical(lengths + LITLEN, DIST, codes + LITLEN);
    static const uint8_t order[CODELEN] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int hclen = CODELEN;
    while (hclen > 4 && !cl_len[order[hclen - 1]]) hclen--;

    bit_writer w = {out, 0, capacity, 0, 0, 0};
    put_bits(&w, 0x78, 8);
    put_bits(&w, 0x01, 8);  // (0x78 << 8 | 0x01) % 31 == 0
    put_bits(&w, 1, 1);     // final block
    put_bits(&w, 2, 2);     // dynamic Huffman
    put_bits(&w, (uint32_t)(hlit - 257), 5);
    put_bits(&w, (uint32_t)(hdist - 1), 5);
    put_bits(&w, (uint32_t)(hclen - 4), 4);
    for (int i = 0; i < hclen; i++) put_bits(&w, cl_len[order[i]], 3);
    static const uint8_t cl_extra_bits[3] = {2, 3, 7};
    for (int i = 0; i < ncl; i++) {
        put_bits(&w, cl_code[cl_sym[i]], cl_len[cl_sym[i]]);
        if (cl_sym[i] >= 16) put_bits(&w, cl_extra[i], cl_extra_bits[cl_sym[i] - 16]);
    }
    for (size_t k = 0; k < t && !w.overflow; k++) {
        uint32_t tok = tokens[k];
        if (!(tok & 0x80000000u)) {
            put_bits(&w, codes[tok], lengths[tok]);
            continue;
        }
        uint32_t len = (tok >> 16) & 0x7FFF, d = tok & 0xFFFF;
        int lc = length_code[len];
        put_bits(&w, codes[257 + lc], lengths[257 + lc]);
        if (length_extra[lc]) put_bits(&w, len - length_base[lc], length_extra[lc]);
        int dc = dist_code(d);
        put_bits(&w, codes[LITLEN + dc], lengths[LITLEN + dc]);
        if (dist_extra[dc]) put_bits(&w, d - dist_base[dc], dist_extra[dc]);
    }
    put_bits(&w, codes[256], lengths[256]);
    flush_bits(&w);
    free(tokens);
    uint32_t adler = libdeflate_adler32(1, data, n);
    put_bits(&w, adler >> 24, 8);
    put_bits(&w, (adler >> 16) & 0xFF, 8);
    put_bits(&w, (adler >> 8) & 0xFF, 8);
    put_bits(&w, adler & 0xFF, 8);
    return w.overflow ? 0 : w.at;
}
