// The release binaries run on glibc 2.34 and libstdc++ 3.4.29 (RHEL 9, Ubuntu 22.04),
// though they are built on Debian 12 (glibc 2.36, libstdc++ of GCC 12). Three symbols of
// the statically linked Swift runtime and Foundation bind to versions newer than that:
// hypot and hypotf (GLIBC_2.35: the same functions, re-versioned when glibc dropped SVID
// error handling) and std::condition_variable::wait (GLIBCXX_3.4.30: the same function,
// re-exported). scripts/release-build.sh links with --wrap=SYMBOL for each, which sends
// every call to __wrap_SYMBOL below, and these call the older version of the same
// function by name. e2e/check-release.sh checks the floor with readelf -V.
// Unused (but harmless) in builds linked without --wrap.

__asm__(".symver siwa_hypot_2_2_5, hypot@GLIBC_2.2.5");
__asm__(".symver siwa_hypotf_2_2_5, hypotf@GLIBC_2.2.5");
__asm__(".symver siwa_condition_variable_wait_3_4_11, _ZNSt18condition_variable4waitERSt11unique_lockISt5mutexE@GLIBCXX_3.4.11");

double siwa_hypot_2_2_5(double x, double y);
float siwa_hypotf_2_2_5(float x, float y);
// std::condition_variable::wait(std::unique_lock<std::mutex>&): this, then the lock.
void siwa_condition_variable_wait_3_4_11(void *condition, void *lock);

double __wrap_hypot(double x, double y) { return siwa_hypot_2_2_5(x, y); }
float __wrap_hypotf(float x, float y) { return siwa_hypotf_2_2_5(x, y); }
void __wrap__ZNSt18condition_variable4waitERSt11unique_lockISt5mutexE(void *condition, void *lock) {
    siwa_condition_variable_wait_3_4_11(condition, lock);
}
