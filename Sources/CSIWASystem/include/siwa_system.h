#ifndef SIWA_SYSTEM_H
#define SIWA_SYSTEM_H

/// Exchanges two existing paths in one atomic step (Linux renameat2 RENAME_EXCHANGE,
/// macOS renamex_np RENAME_SWAP): there is no moment when either name is missing.
/// Returns 0, or -1 with errno (EINVAL, ENOSYS or ENOTSUP: the file system cannot).
int siwa_exchange(const char *a, const char *b);

/// Writes the file system holding `fd` to disk (Linux syncfs; elsewhere sync).
/// Returns 0, or -1 with errno (a write error the kernel reports only now).
int siwa_syncfs(int fd);

/// Whether descriptor 1 was closed when the process started (`cmd >&-`). A
/// constructor fills closed descriptors 0-2 with /dev/null before anything else runs:
/// else the first file or eventfd opened (libdispatch makes one before main) would get
/// number 1, and writing "standard output" would write into it.
int siwa_stdout_was_closed(void);

/// Closes again the descriptors that constructor filled, so that a program this one
/// executes (siwa-buttons hands lines to siwa-buttons-full) finds them closed as well.
void siwa_reclose_filled_standard_streams(void);

#endif
