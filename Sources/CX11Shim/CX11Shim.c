#include "CX11Shim.h"
#include <stdio.h>
#include <stdlib.h>

static void (*connection_lost_callback)(const char *message) = NULL;
static unsigned long protocol_errors = 0;

static int log_protocol_error(Display *display, XErrorEvent *event) {
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
