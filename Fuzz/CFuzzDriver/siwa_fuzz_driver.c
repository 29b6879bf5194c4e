#include "siwa_fuzz_driver.h"

// Weak, so the plain build links without libFuzzer; the fuzz build forces it in with
// `-u LLVMFuzzerRunDriver` and links libclang_rt.fuzzer_no_main, whose driver then takes
// our main's command line (libFuzzer's own main cannot: SwiftPM's executable has one).
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t))
    __attribute__((weak));

int siwa_fuzz_has_driver(void) { return LLVMFuzzerRunDriver != NULL; }

int siwa_fuzz_run_driver(int *argc, char ***argv, siwa_fuzz_callback callback) {
    return LLVMFuzzerRunDriver ? LLVMFuzzerRunDriver(argc, argv, callback) : -1;
}
