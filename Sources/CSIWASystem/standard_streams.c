#include <fcntl.h>
#include <unistd.h>
#include "siwa_system.h"

static int filled[3];

__attribute__((constructor)) static void siwa_fill_closed_standard_streams(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1) continue;
        filled[fd] = 1;
        int null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (null >= 0 && null != fd) { dup2(null, fd); close(null); }
    }
}

int siwa_stdout_was_closed(void) { return filled[1]; }

void siwa_reclose_filled_standard_streams(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (filled[fd]) close(fd);
    }
}
