// x11paint-present-floor: the least any app can spend on a frame that changes N pixels of its
// window on this X server. A window of WIDTH x HEIGHT takes pointer events; for each batch it
// fills an N-pixel rectangle of a shared-memory image with one colour (no drawing: a memset)
// and puts it on screen with XShmPutImage, waiting until the server has read it, as X11Paint's
// presenter does. It times each drag motion or wheel notch from the server's stamp to that
// frame exactly as X11Paint's --report-latency does, and prints the same line when it ends
// (SIGTERM or the window closed). Driven by the same gesture as the app, it says how much of
// the app's latency is the server's copy and the queueing it causes, which no renderer can save.
//
//   x11paint-present-floor WIDTH HEIGHT PIXELS
//   x11paint-present-floor WIDTH HEIGHT @FILE
// With @FILE (one number a line: the pixels of the app's frame that showed each of its events,
// in order), each frame changes as many pixels as the app's frame for the last event it shows:
// a gesture whose frames vary (the wheel: 80,000 to 5 million pixels) is compared with the
// floor of the same frames, not of its median one.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <time.h>

static volatile sig_atomic_t stopping = 0;
static void stop(int signal) { (void)signal; stopping = 1; }

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

// PIXELS, or the numbers in the file @FILE names; NULL when there is none or one is not positive.
static long *read_sizes(const char *argument, size_t *count) {
    size_t capacity = 1024;
    long *sizes = malloc(capacity * sizeof(long));
    *count = 0;
    if (!sizes) return NULL;
    if (argument[0] != '@') {
        sizes[(*count)++] = atol(argument);
    } else {
        FILE *file = fopen(argument + 1, "r");
        if (!file) { free(sizes); return NULL; }
        long value;
        while (fscanf(file, "%ld", &value) == 1) {
            if (*count == capacity) {
                long *larger = realloc(sizes, (capacity *= 2) * sizeof(long));
                if (!larger) { free(sizes); fclose(file); return NULL; }
                sizes = larger;
            }
            sizes[(*count)++] = value;
        }
        fclose(file);
    }
    for (size_t i = 0; i < *count; i++) if (sizes[i] <= 0) *count = 0;
    if (*count == 0) { free(sizes); return NULL; }
    return sizes;
}

// The changed area for a frame of `pixels`: a centred rectangle of the window's proportions.
static void frame_area(long pixels, int width, int height, int *x, int *y, int *area_width, int *area_height) {
    double side = sqrt((double)pixels / ((double)width * height));
    *area_width = side >= 1 ? width : (int)(width * side);
    *area_height = side >= 1 ? height : (int)(height * side);
    *x = (width - *area_width) / 2;
    *y = (height - *area_height) / 2;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s WIDTH HEIGHT PIXELS|@FILE\n", argv[0]);
        return 2;
    }
    int width = atoi(argv[1]), height = atoi(argv[2]);
    size_t sizes_count = 0;
    long *sizes = read_sizes(argv[3], &sizes_count);
    if (width <= 0 || height <= 0 || !sizes) { fprintf(stderr, "sizes must be positive (and @FILE readable)\n"); return 2; }
    long fewest = sizes[0], most = sizes[0];
    for (size_t i = 1; i < sizes_count; i++) {
        if (sizes[i] < fewest) fewest = sizes[i];
        if (sizes[i] > most) most = sizes[i];
    }

    Display *display = XOpenDisplay(NULL);
    if (!display) { fprintf(stderr, "cannot open the display\n"); return 1; }
    if (!XShmQueryExtension(display)) { fprintf(stderr, "the X server lacks MIT-SHM\n"); return 1; }
    int screen = DefaultScreen(display);
    Window window = XCreateSimpleWindow(display, RootWindow(display, screen), 0, 0, (unsigned)width, (unsigned)height, 0, 0,
                                        WhitePixel(display, screen));
    XStoreName(display, window, "X11Paint present floor");
    Atom delete_window = XInternAtom(display, "WM_DELETE_WINDOW", False);
    XSetWMProtocols(display, window, &delete_window, 1);
    XSelectInput(display, window, PointerMotionMask | ButtonPressMask | ButtonReleaseMask | KeyPressMask | ExposureMask);
    XMapWindow(display, window);
    GC gc = XCreateGC(display, window, 0, NULL);

    XShmSegmentInfo segment;
    XImage *image = XShmCreateImage(display, DefaultVisual(display, screen), (unsigned)DefaultDepth(display, screen), ZPixmap,
                                    NULL, &segment, (unsigned)width, (unsigned)height);
    segment.shmid = shmget(IPC_PRIVATE, (size_t)image->bytes_per_line * height, IPC_CREAT | 0600);
    segment.shmaddr = image->data = shmat(segment.shmid, NULL, 0);
    segment.readOnly = False;
    XShmAttach(display, &segment);
    XSync(display, False);
    shmctl(segment.shmid, IPC_RMID, NULL);

    signal(SIGTERM, stop);
    signal(SIGINT, stop);
    size_t capacity = 1 << 16, count = 0, waiting_count = 0;
    double *samples = malloc(capacity * sizeof(double)), *waiting = malloc(capacity * sizeof(double));
    double offset = INFINITY;
    unsigned frame = 0;
    size_t events_seen = 0;
    struct pollfd descriptor = {.fd = ConnectionNumber(display), .events = POLLIN};
    int running = 1;
    while (running && !stopping) {
        if (XPending(display) == 0) poll(&descriptor, 1, 100);
        double batch_start = now_seconds();
        while (XPending(display) > 0) {
            XEvent event;
            XNextEvent(display, &event);
            Time stamp = 0;
            // As the app counts: motion with a button held (a drag) and wheel notches, not hover.
            if (event.type == MotionNotify && (event.xmotion.state & (Button1Mask | Button2Mask | Button3Mask)))
                stamp = event.xmotion.time;
            else if (event.type == ButtonPress && event.xbutton.button >= 4) stamp = event.xbutton.time; // the wheel
            else if (event.type == ClientMessage && (Atom)event.xclient.data.l[0] == delete_window) running = 0;
            if (stamp == 0 || waiting_count == capacity) continue;
            // The app's accounting (LatencyRecorder): the server's millisecond stamp mapped to
            // this clock by the smallest offset seen, no later than the batch's start.
            double made = stamp / 1000.0, candidate = now_seconds() - made;
            if (candidate < offset) offset = candidate;
            double arrived = made + offset + 0.001;
            waiting[waiting_count++] = arrived < batch_start ? arrived : batch_start;
            events_seen++;
        }
        if (waiting_count == 0) continue;
        frame++;
        int area_x, area_y, area_width, area_height;
        frame_area(sizes[(events_seen - 1) % sizes_count], width, height, &area_x, &area_y, &area_width, &area_height);
        unsigned colour = (frame & 1) ? 0xff406080u : 0xff608040u;
        for (int y = area_y; y < area_y + area_height; y++) {
            unsigned *row = (unsigned *)(image->data + (size_t)y * image->bytes_per_line) + area_x;
            for (int x = 0; x < area_width; x++) row[x] = colour;
        }
        XShmPutImage(display, window, gc, image, area_x, area_y, area_x, area_y, (unsigned)area_width, (unsigned)area_height, False);
        XSync(display, False);
        double presented = now_seconds();
        for (size_t i = 0; i < waiting_count && count < capacity; i++) samples[count++] = presented - waiting[i];
        waiting_count = 0;
    }
    if (count == 0) {
        printf("latency: no pointer events\n");
    } else {
        qsort(samples, count, sizeof(double), compare);
#define AT(p) (samples[(size_t)fmin((double)count - 1, (double)count * (p))] * 1e6)
        int area_x, area_y, area_width, area_height;
        frame_area(fewest, width, height, &area_x, &area_y, &area_width, &area_height);
        if (fewest == most)
            printf("latency: %zu pointer events, p50 %.0f µs, p99 %.0f µs, max %.0f µs (frames changing %d x %d pixels)\n", count,
                   AT(0.5), AT(0.99), samples[count - 1] * 1e6, area_width, area_height);
        else
            printf("latency: %zu pointer events, p50 %.0f µs, p99 %.0f µs, max %.0f µs (frames changing %ld to %ld pixels, as the app's)\n",
                   count, AT(0.5), AT(0.99), samples[count - 1] * 1e6, fewest, most);
    }
    XShmDetach(display, &segment);
    shmdt(segment.shmaddr);
    XCloseDisplay(display);
    return 0;
}
