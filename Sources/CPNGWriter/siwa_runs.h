#ifndef SIWA_RUNS_H
#define SIWA_RUNS_H
#include <stddef.h>
#include <stdint.h>

/// Room enough for siwa_runs_zlib_compress's output of `n` bytes.
size_t siwa_runs_zlib_bound(size_t n);

/// `data` (PNG rows of `row` bytes each, filter byte included; pixels of `pixel` bytes)
/// as a zlib stream in `out`: its length, or 0 if it did not fit or memory ran out.
size_t siwa_runs_zlib_compress(const uint8_t *data, size_t n, size_t row, int pixel, uint8_t *out, size_t capacity);

#endif
