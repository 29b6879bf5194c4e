#ifndef SIWA_FUZZ_DRIVER_H
#define SIWA_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// One input to a fuzz target: 0 to go on, -1 to keep it out of the corpus.
typedef int (*siwa_fuzz_callback)(const uint8_t *data, size_t size);

/// Whether libFuzzer is linked in (the sanitizer build of scripts/fuzz.sh links it; the
/// plain build does not, and replays inputs without it).
int siwa_fuzz_has_driver(void);

/// libFuzzer's own driver, with its command line (`-max_total_time=60 CORPUS`...).
int siwa_fuzz_run_driver(int *argc, char ***argv, siwa_fuzz_callback callback);

#endif
