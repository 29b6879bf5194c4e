#ifndef SIWA_SVG_H
#define SIWA_SVG_H
#include <stddef.h>
#include <cairo.h>

/// The intrinsic size of an SVG document in CSS pixels (= points), from its width/height
/// or, without them, its viewBox. Returns 0 and fills `error` when librsvg cannot read it.
int siwa_svg_size(const char *data, size_t length, double *width, double *height, char *error, size_t error_length);

/// Draws the SVG document, scaled by `scale`, on a new ARGB32 image surface of
/// ceil(width*scale) x ceil(height*scale) pixels. Returns NULL and fills `error` when
/// librsvg cannot read or draw it. (Kept in C so Swift never imports GLib's headers.)
cairo_surface_t *siwa_svg_rasterize(const char *data, size_t length, double scale, char *error, size_t error_length);

/// The size, then the drawing, of an SVG in a child process that may allocate `memory`
/// bytes beyond what it inherits and run `cpu_seconds` of CPU (librsvg cannot be
/// interrupted, and some documents take gigabytes): the image at `*factor` pixels per
/// point (at least 4, and 256 px tall, at most 4096 px on a side), or NULL with the
/// reason in `error` ("not a readable SVG (...)", "... needs more than the N MB ...").
cairo_surface_t *siwa_svg_rasterize_bounded(
    const char *data, size_t length, size_t memory, int cpu_seconds, double *factor, char *error, size_t error_length);

#endif
