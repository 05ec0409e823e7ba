// The few librsvg and GLib functions usergraph calls, declared here rather than through
// <librsvg/rsvg.h>: that header needs GLib's include paths, which only pkg-config gives, and
// SwiftPM warns on every build about the `-pthread` GLib's pkg-config adds. These are stable
// C APIs (librsvg 2.46 and later, GLib 2.x); cairo's own header needs no extra path.
#include <stddef.h>
#include <stdint.h>
#include <cairo/cairo.h>

typedef struct _RsvgHandle RsvgHandle;

/// GLib's GError, whose layout GLib keeps stable.
typedef struct _GError {
    uint32_t domain;
    int code;
    char *message;
} GError;

/// librsvg's RsvgRectangle: the viewport a document is drawn into.
typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

RsvgHandle *rsvg_handle_new_from_data(const uint8_t *data, size_t data_len, GError **error);
int rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
void g_object_unref(void *object);
void g_error_free(GError *error);
