#include "siwa_svg.h"
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

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
