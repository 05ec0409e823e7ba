// The few librsvg, cairo and GLib functions usergraph calls, found with dlopen when a picture is
// first drawn rather than linked: linked, librsvg and the 35 libraries it pulls in were loaded
// and relocated by every run, 7 MB of every process, though most runs draw nothing. Declared
// here rather than through <librsvg/rsvg.h>: that header needs GLib's include paths, which only
// pkg-config gives. These are stable C APIs (librsvg 2.46 and later, cairo 1.x, GLib 2.x);
// cairo's own header (for its types) needs no extra path.
#include <dlfcn.h>
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

/// The functions, once loaded.
typedef struct {
    RsvgHandle *(*handle_new_from_data)(const uint8_t *data, size_t data_len, GError **error);
    int (*handle_render_document)(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
    void (*object_unref)(void *object);
    void (*error_free)(GError *error);
    cairo_surface_t *(*image_surface_create)(cairo_format_t format, int width, int height);
    void (*surface_destroy)(cairo_surface_t *surface);
    void (*surface_flush)(cairo_surface_t *surface);
    unsigned char *(*image_surface_get_data)(cairo_surface_t *surface);
    int (*image_surface_get_stride)(cairo_surface_t *surface);
    cairo_t *(*create)(cairo_surface_t *target);
    void (*destroy)(cairo_t *cr);
    cairo_status_t (*status)(cairo_t *cr);
    const char *(*status_to_string)(cairo_status_t status);
} CRsvgFunctions;

/// Loads librsvg (which brings cairo and GLib with it) and finds every function; returns what
/// the loader said (the library or function that is missing), or NULL when all were found. The
/// libraries stay loaded for the life of the process.
static inline const char *crsvg_load(CRsvgFunctions *f) {
    void *rsvg = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!rsvg) return dlerror();
    void *cairo = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!cairo) return dlerror();
    void *gobject = dlopen("libgobject-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!gobject) return dlerror();
    void *glib = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!glib) return dlerror();
#define CRSVG_FIND(library, field, name) if (!(*(void **)&f->field = dlsym(library, name))) return dlerror();
    CRSVG_FIND(rsvg, handle_new_from_data, "rsvg_handle_new_from_data")
    CRSVG_FIND(rsvg, handle_render_document, "rsvg_handle_render_document")
    CRSVG_FIND(gobject, object_unref, "g_object_unref")
    CRSVG_FIND(glib, error_free, "g_error_free")
    CRSVG_FIND(cairo, image_surface_create, "cairo_image_surface_create")
    CRSVG_FIND(cairo, surface_destroy, "cairo_surface_destroy")
    CRSVG_FIND(cairo, surface_flush, "cairo_surface_flush")
    CRSVG_FIND(cairo, image_surface_get_data, "cairo_image_surface_get_data")
    CRSVG_FIND(cairo, image_surface_get_stride, "cairo_image_surface_get_stride")
    CRSVG_FIND(cairo, create, "cairo_create")
    CRSVG_FIND(cairo, destroy, "cairo_destroy")
    CRSVG_FIND(cairo, status, "cairo_status")
    CRSVG_FIND(cairo, status_to_string, "cairo_status_to_string")
#undef CRSVG_FIND
    return NULL;
}
