#define _GNU_SOURCE
#include <unistd.h>
#include "CX11Shim.h"
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>

static void (*connection_lost_callback)(const char *message) = NULL;
static unsigned long protocol_errors = 0;

static int trapping = 0;
static int trapped_errors = 0;

static int log_protocol_error(Display *display, XErrorEvent *event) {
    if (trapping) {
        trapped_errors++;
        return 0;
    }
    char text[256];
    XGetErrorText(display, event->error_code, text, sizeof text);
    protocol_errors++;
    fprintf(stderr, "x11paint: X protocol error (ignored): %s (request %d.%d, resource 0x%lx)\n",
            text, event->request_code, event->minor_code, event->resourceid);
    return 0;
}

static int handle_connection_lost(Display *display) {
    (void)display;
    const char *message = "the connection to the X server was lost";
    if (connection_lost_callback) connection_lost_callback(message);
    fprintf(stderr, "x11paint: %s\n", message);
    exit(1);
}

void x11shim_install_error_handlers(void (*on_connection_lost)(const char *message)) {
    connection_lost_callback = on_connection_lost;
    XSetErrorHandler(log_protocol_error);
    XSetIOErrorHandler(handle_connection_lost);
}

XImage *x11shim_create_image(Display *d, Visual *v, int depth, char *pixels, int width, int height) {
    XImage *image = XCreateImage(d, v, (unsigned)depth, ZPixmap, 0, pixels,
                                 (unsigned)width, (unsigned)height, 32, width * 4);
    if (image) {
        image->byte_order = LSBFirst;  // our pixels are little-endian BGRA words
        image->bitmap_bit_order = LSBFirst;
    }
    return image;
}

void x11shim_destroy_image_keep_pixels(XImage *image) {
    if (!image) return;
    image->data = NULL;
    XDestroyImage(image);
}

unsigned long x11shim_protocol_error_count(void) { return protocol_errors; }

void x11shim_trap_errors(void) {
    trapping = 1;
    trapped_errors = 0;
}

int x11shim_untrap_errors(Display *d) {
    XSync(d, False);
    trapping = 0;
    return trapped_errors;
}

XImage *x11shim_shm_image_create(Display *d, Visual *v, int depth, int width, int height, XShmSegmentInfo *info) {
    if (!XShmQueryExtension(d)) return NULL;
    XImage *image = XShmCreateImage(d, v, (unsigned)depth, ZPixmap, NULL, info, (unsigned)width, (unsigned)height);
    if (!image) return NULL;
    info->shmid = shmget(IPC_PRIVATE, (size_t)image->bytes_per_line * (size_t)image->height, IPC_CREAT | 0600);
    if (info->shmid < 0) { XDestroyImage(image); return NULL; }
    info->shmaddr = image->data = shmat(info->shmid, NULL, 0);
    if (info->shmaddr == (char *)-1) {
        shmctl(info->shmid, IPC_RMID, NULL);
        XDestroyImage(image);
        return NULL;
    }
    info->readOnly = False;
    x11shim_trap_errors();
    Status attached = XShmAttach(d, info);
    int errors = x11shim_untrap_errors(d);
    // Once both sides are attached the segment can be marked for removal: it goes away with us.
    shmctl(info->shmid, IPC_RMID, NULL);
    if (!attached || errors) {
        shmdt(info->shmaddr);
        image->data = NULL;
        XDestroyImage(image);
        return NULL;
    }
    return image;
}

void x11shim_shm_image_destroy(Display *d, XImage *image, XShmSegmentInfo *info) {
    if (!image) return;
    XShmDetach(d, info);
    XSync(d, False);
    shmdt(info->shmaddr);
    image->data = NULL;
    XDestroyImage(image);
}

void x11shim_destroy_image(XImage *image) {
    if (image) XDestroyImage(image);
}

int x11shim_select_xi2(Display *d, Window w, int *opcode, int *pointer) {
    *pointer = 0;
    int event, error;
    if (!XQueryExtension(d, "XInputExtension", opcode, &event, &error)) return 0;
    int major = 2, minor = 4;
    if (XIQueryVersion(d, &major, &minor) != Success || major < 2) return 0;
    if (minor < 2) return minor;
    unsigned char bits[XIMaskLen(XI_LASTEVENT)] = { 0 };
    XISetMask(bits, XI_TouchBegin);
    XISetMask(bits, XI_TouchUpdate);
    XISetMask(bits, XI_TouchEnd);
    if (minor >= 4) {
        XISetMask(bits, XI_GesturePinchBegin);
        XISetMask(bits, XI_GesturePinchUpdate);
        XISetMask(bits, XI_GesturePinchEnd);
    }
    XIEventMask mask = { XIAllMasterDevices, sizeof bits, bits };
    x11shim_trap_errors();
    XISelectEvents(d, w, &mask, 1);
    if (x11shim_untrap_errors(d)) return 0;
    /* The pointer in a second request, so a refusal leaves touches working on core events. */
    XISetMask(bits, XI_Motion);
    XISetMask(bits, XI_ButtonPress);
    XISetMask(bits, XI_ButtonRelease);
    x11shim_trap_errors();
    XISelectEvents(d, w, &mask, 1);
    *pointer = !x11shim_untrap_errors(d);
    return minor;
}

int x11shim_scroll_axes(Display *d, int deviceid, int *valuators, int *vertical, double *increments, int max) {
    int count = 0, devices = 0;
    x11shim_trap_errors();
    XIDeviceInfo *info = XIQueryDevice(d, deviceid, &devices);
    int failed = x11shim_untrap_errors(d);
    if (!info || failed) {
        if (info) XIFreeDeviceInfo(info);
        return 0;
    }
    for (int i = 0; i < info->num_classes && count < max; i++) {
        if (info->classes[i]->type != XIScrollClass) continue;
        XIScrollClassInfo *axis = (XIScrollClassInfo *)info->classes[i];
        if (axis->increment == 0) continue;
        valuators[count] = axis->number;
        vertical[count] = axis->scroll_type == XIScrollTypeVertical;
        increments[count] = axis->increment;
        count++;
    }
    XIFreeDeviceInfo(info);
    return count;
}

int x11shim_pen_axes(Display *d, int deviceid, int *pressure_valuator, double *minimum, double *maximum, int *is_eraser,
                     int *tilt_valuators, double *tilt_ranges) {
    int devices = 0, found = 0;
    x11shim_trap_errors();
    XIDeviceInfo *info = XIQueryDevice(d, deviceid, &devices);
    Atom pressure = XInternAtom(d, "Abs Pressure", True);
    Atom tilts[2] = { XInternAtom(d, "Abs Tilt X", True), XInternAtom(d, "Abs Tilt Y", True) };
    tilt_valuators[0] = tilt_valuators[1] = -1;
    int failed = x11shim_untrap_errors(d);
    if (!info || failed) {
        if (info) XIFreeDeviceInfo(info);
        return 0;
    }
    for (int i = 0; i < info->num_classes; i++) {
        if (info->classes[i]->type != XIValuatorClass) continue;
        XIValuatorClassInfo *axis = (XIValuatorClassInfo *)info->classes[i];
        for (int t = 0; t < 2; t++) {
            if (tilts[t] != None && axis->label == tilts[t] && axis->max > axis->min) {
                tilt_valuators[t] = axis->number;
                tilt_ranges[2 * t] = axis->min;
                tilt_ranges[2 * t + 1] = axis->max;
            }
        }
        if (found || pressure == None || axis->label != pressure || axis->max <= axis->min) continue;
        *pressure_valuator = axis->number;
        *minimum = axis->min;
        *maximum = axis->max;
        found = 1;
    }
    // Tablet drivers name the pen's other end "... eraser" (wacom, libinput's tablet devices).
    *is_eraser = info->name && strcasestr(info->name, "eraser") != NULL;
    XIFreeDeviceInfo(info);
    return found;
}

static volatile sig_atomic_t termination_requested = 0;

/* The signal may be delivered to any thread (the journal writer, a save), while the run loop
   sleeps in poll or is about to. A byte on this pipe of its own wakes it wherever the signal
   lands. It is never read: the run loop's own wake pipe is drained on every tick, and a byte
   written there just before a tick was lost and the loop slept on with the flag set (seen: a
   SIGTERM after a drag left the app waiting in poll for good). */
static int termination_pipe[2] = {-1, -1};

static void on_termination_signal(int signal_number) {
    (void)signal_number;
    termination_requested = 1;
    if (termination_pipe[1] >= 0) {
        int saved = errno;
        char byte = 1;
        (void)!write(termination_pipe[1], &byte, 1);
        errno = saved;
    }
}

int x11shim_install_termination_handler(void) {
    if (termination_pipe[0] < 0 && pipe2(termination_pipe, O_NONBLOCK | O_CLOEXEC) != 0) {
        termination_pipe[0] = termination_pipe[1] = -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_termination_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    /* Logging out hangs up: keep the drawing as for any other orderly end. */
    sigaction(SIGHUP, &action, NULL);
    return termination_pipe[0];
}

int x11shim_termination_requested(void) { return termination_requested; }

/* Over the spot: the input method draws its pre-edit (and places its candidates) at the spot
   the app sets where its caret is. It asks for a font set, which a machine without core fonts
   cannot give: then NULL, and the caller takes the input method's own window. */
static XIC create_over_the_spot(XIM im, Display *d, Window w) {
    XIMStyles *styles = NULL;
    if (XGetIMValues(im, XNQueryInputStyle, &styles, NULL) != NULL || !styles) return NULL;
    int offered = 0;
    for (int i = 0; i < styles->count_styles; i++) {
        if (styles->supported_styles[i] == (XIMPreeditPosition | XIMStatusNothing)) offered = 1;
    }
    XFree(styles);
    if (!offered) return NULL;
    char **missing = NULL, *fallback = NULL;
    int missing_count = 0;
    XFontSet fonts = XCreateFontSet(d, "-*-*-medium-r-normal--*-140-*-*-*-*-*-*,*", &missing, &missing_count, &fallback);
    if (missing) XFreeStringList(missing);
    if (!fonts) return NULL;
    XPoint spot = {0, 0};
    XVaNestedList preedit = XVaCreateNestedList(0, XNSpotLocation, &spot, XNFontSet, fonts, NULL);
    XIC ic = XCreateIC(im, XNInputStyle, XIMPreeditPosition | XIMStatusNothing, XNClientWindow, w, XNFocusWindow, w,
                       XNPreeditAttributes, preedit, NULL);
    XFree(preedit);
    return ic;
}

void x11shim_set_input_spot(XIC ic, int x, int y) {
    XPoint spot = {(short)x, (short)y};
    XVaNestedList preedit = XVaCreateNestedList(0, XNSpotLocation, &spot, NULL);
    XSetICValues(ic, XNPreeditAttributes, preedit, NULL);
    XFree(preedit);
}

int x11shim_input_is_over_the_spot(XIC ic) {
    XIMStyle style = 0;
    if (XGetICValues(ic, XNInputStyle, &style, NULL) != NULL) return 0;
    return (style & XIMPreeditPosition) != 0;
}

XIC x11shim_create_input_context(Display *d, Window w) {
    // The XMODIFIERS environment variable (@im=fcitx) chooses the input method.
    XSetLocaleModifiers("");
    XIM im = XOpenIM(d, NULL, NULL, NULL);
    int chosen = im != NULL;
    if (!im) {
        XSetLocaleModifiers("@im=none");
        im = XOpenIM(d, NULL, NULL, NULL);
    }
    if (!im) return NULL;
    // Only an input method the user chose shows a pre-edit; Xlib's own compose has none.
    const char *modifiers = getenv("XMODIFIERS");
    XIC ic = NULL;
    if (chosen && modifiers && strstr(modifiers, "@im=") && !strstr(modifiers, "@im=none")) ic = create_over_the_spot(im, d, w);
    if (!ic) ic = XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing, XNClientWindow, w, XNFocusWindow, w, NULL);
    if (!ic) {
        XCloseIM(im);
        return NULL;
    }
    XSetICFocus(ic);
    return ic;
}

int x11shim_lookup_utf8(XIC ic, XKeyPressedEvent *event, char *buffer, int size, KeySym *keysym) {
    Status status = 0;
    int length = Xutf8LookupString(ic, event, buffer, size - 1, keysym, &status);
    if (status == XBufferOverflow || length < 0) length = 0;
    if (status != XLookupChars && status != XLookupBoth) length = 0;
    buffer[length] = 0;
    return length;
}
