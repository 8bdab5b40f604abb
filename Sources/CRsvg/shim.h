// librsvg, the desktop's SVG renderer: icons from the user's theme and the app's own
// Resources/, drawn at the device's pixel size (crisp at any scale).
#include <librsvg/rsvg.h>
#include <cairo.h>
