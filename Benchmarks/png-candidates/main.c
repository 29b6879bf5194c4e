/* The PNG writer candidates on the same pixels: libpng + zlib (the service's writer
   before ours), ours (run-aware DEFLATE) with and without the "up" filter, and libdeflate at
   levels 1, 6 and 12. Median of 41 encodes of a PNG decoded back to premultiplied ARGB.
   Run: bash Benchmarks/run.sh png-candidates (not a SwiftPM target: C only). */
#include "comparison_writers.h"
#include "siwa_png.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static size_t total;
static void sink(void *c, const uint8_t *d, size_t n) { (void)c; (void)d; total += n; }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "rb"); fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f);
    uint8_t *png = malloc(n); fread(png, 1, n, f); fclose(f);
    int w, h; uint8_t *rgba = siwa_png_decode_rgba(png, n, &w, &h);
    uint32_t *argb = malloc((size_t)w * h * 4);
    for (long i = 0; i < (long)w * h; i++) {
        uint32_t r = rgba[4*i], g = rgba[4*i+1], b = rgba[4*i+2], a = rgba[4*i+3];
        #define PM(c) ((c * a + 127) / 255)
        argb[i] = a << 24 | PM(r) << 16 | PM(g) << 8 | PM(b);
    }
    char err[256];
    siwa_png_tuning tun = siwa_png_libpng_tuning;
    struct { const char *name; int kind, level, filter; } c[] = {
        {"libpng+zlib L1 RLE up (before)", 0, 0, 0},
        {"ours: run-aware, unfiltered", 1, 0, 0},
        {"ours: run-aware, up filter", 1, 0, 2},
        {"libdeflate L1, unfiltered", 1, 1, 0},
        {"libdeflate L1, up filter", 1, 1, 2},
        {"libdeflate L6, up filter", 1, 6, 2},
        {"libdeflate L12, up filter", 1, 12, 2},
    };
    for (int k = 0; k < 7; k++) {
        double t[41];
        for (int r = 0; r < 41; r++) {
            total = 0; double s = now();
            int st = c[k].kind == 0 ? siwa_png_encode((uint8_t *)argb, w, h, w * 4, tun, sink, NULL, err, sizeof err)
                                    : siwa_png_encode_deflate((uint8_t *)argb, w, h, w * 4, c[k].level, c[k].filter, sink, NULL, err, sizeof err);
            t[r] = now() - s;
            if (st) { printf("%s: error %s\n", c[k].name, err); break; }
        }
        qsort(t, 41, sizeof t[0], cmp);
        printf("| %s | %.3f ms | %zu |\n", c[k].name, t[20] * 1000, total);
    }
}
