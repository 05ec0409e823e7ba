// The types of the few librsvg, cairo and GLib functions usergraph calls. The functions are not
// linked: `PNGRaster.Library` finds them with dlopen when a picture is first drawn (linked,
// librsvg and the 35 libraries it pulls in were loaded and relocated by every run, 7 MB of every
// process, though most runs draw nothing). Declared here rather than through <librsvg/rsvg.h>:
// that header needs GLib's include paths, which only pkg-config gives. These are stable C APIs
// (librsvg 2.46 and later, cairo 1.x, GLib 2.x); cairo's own header needs no extra path.
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
