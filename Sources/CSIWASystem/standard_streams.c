#include <fcntl.h>
#include <unistd.h>
#include "siwa_system.h"

static int stdout_was_closed = 0;

__attribute__((constructor)) static void siwa_fill_closed_standard_streams(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1) continue;
        if (fd == 1) stdout_was_closed = 1;
        int null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (null >= 0 && null != fd) { dup2(null, fd); close(null); }
    }
}

int siwa_stdout_was_closed(void) { return stdout_was_closed; }
