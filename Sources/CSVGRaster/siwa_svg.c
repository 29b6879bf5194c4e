#include "siwa_svg.h"
#include <librsvg/rsvg.h>
#include <math.h>
#include <stdio.h>

static RsvgHandle *load(const char *data, size_t length, char *error, size_t error_length) {
    GError *gerror = NULL;
    RsvgHandle *handle = rsvg_handle_new_from_data((const guint8 *)data, length, &gerror);
    if (!handle) {
        snprintf(error, error_length, "%s", gerror ? gerror->message : "not an SVG document");
        if (gerror) g_error_free(gerror);
    }
    return handle;
}

static int size_of(RsvgHandle *handle, double *width, double *height) {
    if (rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height)) return *width > 0 && *height > 0;
    // No width/height: the viewBox's size.
    gboolean has_width, has_height, has_viewbox;
    RsvgLength w, h;
    RsvgRectangle viewbox;
    rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &w, &has_height, &h, &has_viewbox, &viewbox);
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
    g_object_unref(handle);
    return ok;
}

cairo_surface_t *siwa_svg_rasterize(const char *data, size_t length, double scale, char *error, size_t error_length) {
    RsvgHandle *handle = load(data, length, error, error_length);
    if (!handle) return NULL;
    double width, height;
    if (!size_of(handle, &width, &height)) {
        snprintf(error, error_length, "the SVG has no usable width, height or viewBox");
        g_object_unref(handle);
        return NULL;
    }
    int pw = (int)ceil(width * scale), ph = (int)ceil(height * scale);
    if (pw < 1 || ph < 1 || pw > 16384 || ph > 16384) {
        snprintf(error, error_length, "the SVG's size (%.0f x %.0f) cannot be drawn", width, height);
        g_object_unref(handle);
        return NULL;
    }
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pw, ph);
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = {0, 0, width * scale, height * scale};
    GError *gerror = NULL;
    gboolean drawn = rsvg_handle_render_document(handle, cr, &viewport, &gerror);
    cairo_destroy(cr);
    g_object_unref(handle);
    if (!drawn) {
        snprintf(error, error_length, "%s", gerror ? gerror->message : "librsvg could not draw it");
        if (gerror) g_error_free(gerror);
        cairo_surface_destroy(surface);
        return NULL;
    }
    cairo_surface_flush(surface);
    return surface;
}
