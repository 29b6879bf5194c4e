#define _GNU_SOURCE
#include "siwa_svg.h"
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>

// librsvg is opened on first use, not linked: only `lint IMAGE.svg` needs it, and linking
// it (with gdk-pixbuf, libxml2 and the rest it pulls in) would slow every start of the
// binary. The few types below are those of librsvg 2.52+'s stable C API.
typedef struct RsvgHandle RsvgHandle;
typedef struct { uint32_t domain; int code; char *message; } GError;
typedef struct { double x, y, width, height; } RsvgRectangle;
typedef struct { double length; int unit; } RsvgLength;

static struct {
    RsvgHandle *(*new_from_data)(const uint8_t *, size_t, GError **);
    int (*intrinsic_size_in_pixels)(RsvgHandle *, double *, double *);
    void (*intrinsic_dimensions)(RsvgHandle *, int *, RsvgLength *, int *, RsvgLength *, int *, RsvgRectangle *);
    int (*render_document)(RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **);
    void (*object_unref)(void *);
    void (*error_free)(GError *);
} rsvg;
static int rsvg_loaded;
static pthread_once_t rsvg_once = PTHREAD_ONCE_INIT;

static void open_rsvg(void) {
    void *library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    rsvg.new_from_data = dlsym(library, "rsvg_handle_new_from_data");
    rsvg.intrinsic_size_in_pixels = dlsym(library, "rsvg_handle_get_intrinsic_size_in_pixels");
    rsvg.intrinsic_dimensions = dlsym(library, "rsvg_handle_get_intrinsic_dimensions");
    rsvg.render_document = dlsym(library, "rsvg_handle_render_document");
    rsvg.object_unref = dlsym(library, "g_object_unref");
    rsvg.error_free = dlsym(library, "g_error_free");
    rsvg_loaded = rsvg.new_from_data && rsvg.intrinsic_size_in_pixels && rsvg.intrinsic_dimensions
        && rsvg.render_document && rsvg.object_unref && rsvg.error_free;
}

static RsvgHandle *load(const char *data, size_t length, char *error, size_t error_length) {
    pthread_once(&rsvg_once, open_rsvg);
    if (!rsvg_loaded) {
        snprintf(error, error_length, "reading SVG needs librsvg 2.52 or later (Debian: librsvg2-2)");
        return NULL;
    }
    GError *gerror = NULL;
    RsvgHandle *handle = rsvg.new_from_data((const uint8_t *)data, length, &gerror);
    if (!handle) {
        snprintf(error, error_length, "%s", gerror ? gerror->message : "not an SVG document");
        if (gerror) rsvg.error_free(gerror);
    }
    return handle;
}

static int size_of(RsvgHandle *handle, double *width, double *height) {
    if (rsvg.intrinsic_size_in_pixels(handle, width, height)) return *width > 0 && *height > 0;
    // No width/height: the viewBox's size.
    int has_width, has_height, has_viewbox;
    RsvgLength w, h;
    RsvgRectangle viewbox;
    rsvg.intrinsic_dimensions(handle, &has_width, &w, &has_height, &h, &has_viewbox, &viewbox);
    if (!has_viewbox) return 0;
    *width = viewbox.width;
    *height = viewbox.height;
    return *width > 0 && *height > 0;
}

int siwa_svg_size(const char *data, size_t length, double *width, double *height, char *error, size_t error_length) {
    RsvgHandle *handle = load(data, length, error, error_length);
    if (!handle) return 0;
    int ok = size_of(handle, width, height);
    if (!ok) snprintf(error, error_length, "the SVG has no usable width, height or viewBox");
    rsvg.object_unref(handle);
    return ok;
}

cairo_surface_t *siwa_svg_rasterize(const char *data, size_t length, double scale, char *error, size_t error_length) {
    RsvgHandle *handle = load(data, length, error, error_length);
    if (!handle) return NULL;
    double width, height;
    if (!size_of(handle, &width, &height)) {
        snprintf(error, error_length, "the SVG has no usable width, height or viewBox");
        rsvg.object_unref(handle);
        return NULL;
    }
    int pw = (int)ceil(width * scale), ph = (int)ceil(height * scale);
    if (pw < 1 || ph < 1 || pw > 16384 || ph > 16384) {
        snprintf(error, error_length, "the SVG's size (%.0f x %.0f) cannot be drawn", width, height);
        rsvg.object_unref(handle);
        return NULL;
    }
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pw, ph);
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = {0, 0, width * scale, height * scale};
    GError *gerror = NULL;
    int drawn = rsvg.render_document(handle, cr, &viewport, &gerror);
    cairo_destroy(cr);
    rsvg.object_unref(handle);
    if (!drawn) {
        snprintf(error, error_length, "%s", gerror ? gerror->message : "librsvg could not draw it");
        if (gerror) rsvg.error_free(gerror);
        cairo_surface_destroy(surface);
        return NULL;
    }
    cairo_surface_flush(surface);
    return surface;
}

// --- Reading an SVG in a child process with bounded memory ------------------------------

/// What the child sends first: then `height * stride` bytes of pixels, or an error line.
typedef struct {
    int32_t ok, width, height, stride;
    double factor;
    char error[256];
} child_header;

static int write_all(int fd, const void *data, size_t length) {
    const char *p = data;
    while (length > 0) {
        ssize_t n = write(fd, p, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return 0;
        p += n;
        length -= (size_t)n;
    }
    return 1;
}

static int read_all(int fd, void *data, size_t length) {
    char *p = data;
    while (length > 0) {
        ssize_t n = read(fd, p, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return 0;
        p += n;
        length -= (size_t)n;
    }
    return 1;
}

/// Private writable memory of this process now (VmData), in bytes; 0 if unknown.
static size_t data_size(void) {
    FILE *status = fopen("/proc/self/status", "r");
    if (!status) return 0;
    char line[256];
    size_t kb = 0;
    while (fgets(line, sizeof line, status)) {
        if (sscanf(line, "VmData: %zu kB", &kb) == 1) break;
    }
    fclose(status);
    return kb * 1024;
}

static void child(int fd, pid_t parent, const char *data, size_t length, size_t memory, int cpu_seconds) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);  // gone with the parent (its time limit)
    if (getppid() != parent) _exit(1);  // it went before the line above
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, 2);  // librsvg's and GLib's own words on failure
    // The memory it may take beyond what it was born with (the parent's, shared).
    size_t inherited = data_size();
    struct rlimit limit = {inherited + memory, inherited + memory};
    setrlimit(RLIMIT_DATA, &limit);
    struct rlimit cpu = {(rlim_t)cpu_seconds, (rlim_t)cpu_seconds + 1};
    setrlimit(RLIMIT_CPU, &cpu);
    child_header header = {0};
    RsvgHandle *handle = load(data, length, header.error, sizeof header.error);
    double width = 0, height = 0;
    if (handle && !size_of(handle, &width, &height)) {
        snprintf(header.error, sizeof header.error, "not a readable SVG (the SVG has no usable width, height or viewBox)");
    } else if (handle && (width > 4096 || height > 4096)) {
        snprintf(header.error, sizeof header.error, "the SVG is larger than 4096 pt on a side (%d x %d)", (int)width, (int)height);
    } else if (!handle) {
        char reason[200];
        snprintf(reason, sizeof reason, "%s", header.error);
        snprintf(header.error, sizeof header.error, "not a readable SVG (%s)", reason);
    } else {
        // Fine enough to measure (4 px per point, 256 px tall), at most 4096 px on a side.
        double side = width > height ? width : height;
        double factor = ceil(256 / height);
        if (factor < 4) factor = 4;
        double most = 4096 / side;
        if (most < 1) most = 1;
        if (factor > most) factor = most;
        char reason[200] = {0};
        cairo_surface_t *surface = siwa_svg_rasterize(data, length, factor, reason, sizeof reason);
        if (!surface && strstr(reason, "NoMemory")) {
            snprintf(header.error, sizeof header.error, "reading it needs more than the %zu MB of memory lint allows", memory >> 20);
        } else if (!surface) {
            snprintf(header.error, sizeof header.error, "not a readable SVG (%s)", reason);
        } else {
            header.ok = 1;
            header.width = cairo_image_surface_get_width(surface);
            header.height = cairo_image_surface_get_height(surface);
            header.stride = cairo_image_surface_get_stride(surface);
            header.factor = factor;
            if (write_all(fd, &header, sizeof header))
                write_all(fd, cairo_image_surface_get_data(surface), (size_t)header.height * (size_t)header.stride);
            _exit(0);
        }
    }
    if (handle) rsvg.object_unref(handle);
    write_all(fd, &header, sizeof header);
    _exit(0);
}

cairo_surface_t *siwa_svg_rasterize_bounded(
    const char *data, size_t length, size_t memory, int cpu_seconds, double *factor, char *error, size_t error_length) {
    // Loaded here, before fork, so the child does not open libraries.
    pthread_once(&rsvg_once, open_rsvg);
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        snprintf(error, error_length, "cannot start the SVG reader (%s)", strerror(errno));
        return NULL;
    }
    fflush(NULL);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(error, error_length, "cannot start the SVG reader (%s)", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return NULL;
    }
    if (pid == 0) {
        close(fds[0]);
        child(fds[1], parent, data, length, memory, cpu_seconds);
    }
    close(fds[1]);
    child_header header;
    cairo_surface_t *surface = NULL;
    int complete = read_all(fds[0], &header, sizeof header);
    if (complete && header.ok) {
        if (header.width < 1 || header.height < 1 || header.width > 16384 || header.height > 16384) {
            complete = 0;
        } else {
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, header.width, header.height);
            cairo_surface_flush(surface);
            int stride = cairo_image_surface_get_stride(surface);
            unsigned char *pixels = cairo_image_surface_get_data(surface);
            complete = stride == header.stride && pixels
                && read_all(fds[0], pixels, (size_t)header.height * (size_t)stride);
            cairo_surface_mark_dirty(surface);
        }
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (complete && header.ok) {
        *factor = header.factor;
        return surface;
    }
    if (surface) cairo_surface_destroy(surface);
    if (complete) {
        snprintf(error, error_length, "%s", header.error);
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU) {
        snprintf(error, error_length, "reading it took more than %d s of CPU", cpu_seconds);
    } else {
        snprintf(error, error_length, "reading it needs more than the %zu MB of memory lint allows", memory >> 20);
    }
    return NULL;
}
