/* Length-limited canonical Huffman codes: a two-queue Huffman build over the sorted
   frequencies, then miniz's length limiting. */
#include "siwa_huffman.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t freq;
    uint16_t symbol;
} leaf;

static int by_freq(const void *a, const void *b) {
    const leaf *x = a, *y = b;
    if (x->freq != y->freq) return x->freq < y->freq ? -1 : 1;
    return x->symbol < y->symbol ? -1 : x->symbol > y->symbol;
}

void siwa_huffman_lengths(const uint32_t *freq, int n, int limit, uint8_t *lengths) {
    leaf leaves[SIWA_HUFFMAN_MAX_SYMBOLS];
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
    uint32_t weight[2 * SIWA_HUFFMAN_MAX_SYMBOLS];
    int parent[2 * SIWA_HUFFMAN_MAX_SYMBOLS];
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
    uint8_t depth[2 * SIWA_HUFFMAN_MAX_SYMBOLS];
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

void siwa_huffman_codes(const uint8_t *lengths, int n, uint16_t *codes) {
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

void siwa_code_length_code_make(const uint8_t *lengths, int n, siwa_code_length_code *c) {
    uint32_t freq[19] = {0};
    int k = 0;
    for (int i = 0; i < n;) {
        int v = lengths[i], run = 1;
        while (i + run < n && lengths[i + run] == v) run++;
        if (v == 0 && run >= 3) {
            int r = run > 138 ? 138 : run;
            if (r >= 11) {
                c->symbol[k] = 18, c->extra[k++] = (uint8_t)(r - 11);
            } else {
                c->symbol[k] = 17, c->extra[k++] = (uint8_t)(r - 3);
            }
            freq[c->symbol[k - 1]]++;
            i += r;
        } else if (v != 0 && run >= 4) {
            c->symbol[k] = (uint8_t)v, c->extra[k++] = 0;
            freq[v]++;
            int r = run - 1 > 6 ? 6 : run - 1;
            c->symbol[k] = 16, c->extra[k++] = (uint8_t)(r - 3);
            freq[16]++;
            i += 1 + r;
        } else {
            c->symbol[k] = (uint8_t)v, c->extra[k++] = 0;
            freq[v]++;
            i++;
        }
    }
    c->count = k;
    // Decoders refuse an incomplete code-length code: at least two symbols, however rare.
    int used = 0;
    for (int i = 0; i < 19; i++) used += freq[i] != 0;
    if (used < 2) freq[freq[0] ? 1 : 0] = 1;
    siwa_huffman_lengths(freq, 19, 7, c->lengths);
    siwa_huffman_codes(c->lengths, 19, c->codes);
}

void siwa_code_length_code_write(const siwa_code_length_code *c, siwa_bit_writer *w) {
    static const uint8_t extra_bits[3] = {2, 3, 7};
    for (int i = 0; i < c->count; i++) {
        int s = c->symbol[i];
        siwa_put_bits(w, c->codes[s], c->lengths[s]);
        if (s >= 16) siwa_put_bits(w, c->extra[i], extra_bits[s - 16]);
    }
}
