// The process's arguments for Swift's CommandLine where /proc is not mounted (a bare
// chroot). On Linux the Swift runtime reads them from /proc/self/cmdline, and without it
// CommandLine.arguments is empty: no subcommand, no options, no argv[0] to find the
// binary's folder from. glibc passes argc and argv to every .init_array function, which
// runs before Swift first reads CommandLine, so they are handed to the runtime's
// override here.
#include <unistd.h>  // defines __GLIBC__ on glibc

#if defined(__linux__) && defined(__GLIBC__)
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

static void siwa_capture_command_line(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc > 0 && argv) _swift_stdlib_overrideUnsafeArgvArgc(argv, argc);
}

__attribute__((section(".init_array"), used)) static void (*const siwa_capture_command_line_entry)(int, char **, char **) =
    siwa_capture_command_line;
#endif
