#ifndef CX11SHIM_H
#define CX11SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/cursorfont.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/XInput2.h>

// Xlib's accessors are macros; Swift cannot call macros.
static inline int x11shim_default_screen(Display *d) { return DefaultScreen(d); }
static inline Window x11shim_root_window(Display *d, int s) { return RootWindow(d, s); }
static inline int x11shim_display_width(Display *d, int s) { return DisplayWidth(d, s); }
static inline int x11shim_display_height(Display *d, int s) { return DisplayHeight(d, s); }
static inline Visual *x11shim_default_visual(Display *d, int s) { return DefaultVisual(d, s); }
static inline int x11shim_default_depth(Display *d, int s) { return DefaultDepth(d, s); }
static inline GC x11shim_default_gc(Display *d, int s) { return DefaultGC(d, s); }
static inline int x11shim_connection_number(Display *d) { return ConnectionNumber(d); }
static inline int x11shim_visual_class(Visual *v) { return v->class; }
static inline unsigned long x11shim_white_pixel(Display *d, int s) { return WhitePixel(d, s); }

/// Installs handlers so that protocol errors are logged (never fatal) and a lost
/// connection calls `on_connection_lost` (which must not return) with a message.
void x11shim_install_error_handlers(void (*on_connection_lost)(const char *message));

/// Creates a 32-bits-per-pixel ZPixmap XImage over caller-owned pixels.
XImage *x11shim_create_image(Display *d, Visual *v, int depth, char *pixels, int width, int height);

/// Releases the XImage structure without freeing the caller-owned pixels.
void x11shim_destroy_image_keep_pixels(XImage *image);

/// Collects protocol errors instead of logging them, until x11shim_untrap_errors (which
/// syncs with the server and returns how many errors arrived meanwhile).
void x11shim_trap_errors(void);
int x11shim_untrap_errors(Display *d);

/// A shared-memory XImage (MIT-SHM), or NULL when the extension is missing or the server
/// cannot attach our segment (a remote display, another IPC namespace).
XImage *x11shim_shm_image_create(Display *d, Visual *v, int depth, int width, int height, XShmSegmentInfo *info);
void x11shim_shm_image_destroy(Display *d, XImage *image, XShmSegmentInfo *info);

/// Selects XInput 2 touch events (2.2), touchpad pinch gestures (2.4) and the pointer's motion
/// and buttons (for smooth scrolling, 2.1; they then replace the core pointer events) on a
/// window, as far as the server supports them. Returns the minor version in use (0 when XI2 is
/// missing) and the extension's opcode through `opcode`; `pointer` says whether the pointer
/// comes through XI2.
int x11shim_select_xi2(Display *d, Window w, int *opcode, int *pointer);

/// The smooth-scrolling axes of an input device (XI 2.1): for each, its valuator's number,
/// whether it scrolls vertically, and how much of it makes one wheel notch. Returns how many
/// were written (at most `max`; 0 for a device that has none or has gone).
int x11shim_scroll_axes(Display *d, int deviceid, int *valuators, int *vertical, double *increments, int max);
/* A tablet pen's pressure valuator, found by its label "Abs Pressure", and its range; whether
   the device is a pen's eraser end (by its name); its tilt valuators ("Abs Tilt X" and "Y",
   -1 when absent) with their ranges (min and max of X, then of Y). Returns 1 when the device
   reports pressure. */
int x11shim_pen_axes(Display *d, int deviceid, int *pressure_valuator, double *minimum, double *maximum, int *is_eraser,
                     int *tilt_valuators, double *tilt_ranges);

/// SIGTERM, SIGINT and SIGHUP set a flag (and wake the run loop) instead of killing the
/// process, so the run loop can finish cleanly. Returns the descriptor to poll: it turns
/// readable at the first signal and stays readable (nothing ever drains it), so a signal
/// arriving anywhere in the loop, even just before it sleeps, is never slept through.
/// -1 if the pipe could not be made (the flag still works).
int x11shim_install_termination_handler(void);
int x11shim_termination_requested(void);

/// XDestroyImage is a macro.
void x11shim_destroy_image(XImage *image);

/// The number of protocol errors seen so far (for tests and diagnostics).
unsigned long x11shim_protocol_error_count(void);

/// An X input method context for the window (fcitx, ibus through XIM, or Xlib's own compose
/// handling): over the spot (the pre-edit at the caret, see x11shim_set_input_spot) when the
/// input method the user chose (XMODIFIERS=@im=...) offers it and a font set can be had, else
/// with the pre-edit shown by the input method itself; NULL when Xlib has no input method for
/// the locale. XCreateIC is variadic, hence the shim.
XIC x11shim_create_input_context(Display *d, Window w);
/// The text a key press types through the context (UTF-8, NUL-terminated in `buffer`), its
/// keysym, and the byte count (0: no text).
int x11shim_lookup_utf8(XIC ic, XKeyPressedEvent *event, char *buffer, int size, KeySym *keysym);
/// Where the caret is (window pixels, the baseline's left end): an over-the-spot input method
/// shows its pre-edit and candidates there. Nothing for a context that shows them itself.
void x11shim_set_input_spot(XIC ic, int x, int y);
/// Whether the context puts the pre-edit at the spot (1) or the input method shows it itself (0).
int x11shim_input_is_over_the_spot(XIC ic);

#endif
