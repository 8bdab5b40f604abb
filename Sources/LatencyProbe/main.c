// x11paint-latency-probe: input-to-pixels latency measured from outside the application, as
// the user feels it. The probe moves the pointer with XTest (button 1 held, so the app draws),
// then polls the screen around the new pointer position with XShmGetImage until the pixels
// change, and reports the time from sending the motion to seeing it on screen. It knows
// nothing about the app: the same run measures X11Paint and its peers.
//
//   x11paint-latency-probe WINDOW X0 Y0 X1 Y1 MOVES MODE [IDLE_MS]
//
// WINDOW is the X window id; X0..Y1 a rectangle of its canvas (window coordinates) to draw in;
// MODE is "isolated" (IDLE_MS of stillness before each move, default 30) or "drag" (each move
// sent as soon as the previous one showed). Prints one line: count, p50, p90, p99, max (ms),
// and how many moves never showed within a second.
//
//   x11paint-latency-probe wakeup COUNT [IDLE_MS]
//
// measures the machine's floor instead: how late a bare process sleeping IDLE_MS wakes up
// (no X involved). An isolated move needs at least three such wake-ups (the server, the app,
// the probe), so under load no app can beat this floor.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/XTest.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <time.h>
#include <unistd.h>

enum { AREA = 7, STEP = 12, ROW = 20 };

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/// The pixels of the AREA x AREA square centred on (x, y) of the root window.
static void grab(Display *display, XImage *image, int x, int y, unsigned char *into) {
    XShmGetImage(display, DefaultRootWindow(display), image, x - AREA / 2, y - AREA / 2, AllPlanes);
    memcpy(into, image->data, (size_t)image->bytes_per_line * AREA);
}

/// The scheduler's wake-up lateness after `idle_ms` of sleep, printed like the moves.
static int measure_wakeups(int count, int idle_ms) {
    double *samples = calloc((size_t)count, sizeof(double));
    for (int i = 0; i < count; i++) {
        double start = now_ms();
        usleep((useconds_t)idle_ms * 1000);
        samples[i] = now_ms() - start - idle_ms;
    }
    qsort(samples, (size_t)count, sizeof(double), compare);
    printf("a bare %d ms sleep wakes late: %d sleeps, p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n", idle_ms, count,
           samples[(int)((count - 1) * 0.5)], samples[(int)((count - 1) * 0.9)], samples[(int)((count - 1) * 0.99)], samples[count - 1]);
    free(samples);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "wakeup") == 0)
        return measure_wakeups(atoi(argv[2]), argc > 3 ? atoi(argv[3]) : 30);
    if (argc < 8) {
        fprintf(stderr, "usage: %s WINDOW X0 Y0 X1 Y1 MOVES isolated|drag [IDLE_MS]\n       %s wakeup COUNT [IDLE_MS]\n", argv[0], argv[0]);
        return 2;
    }
    Window window = (Window)strtoul(argv[1], NULL, 0);
    int x0 = atoi(argv[2]), y0 = atoi(argv[3]), x1 = atoi(argv[4]), y1 = atoi(argv[5]);
    int moves = atoi(argv[6]);
    int isolated = strcmp(argv[7], "isolated") == 0;
    int idle_ms = argc > 8 ? atoi(argv[8]) : 30;
    Display *display = XOpenDisplay(NULL);
    if (!display) { fprintf(stderr, "cannot open the display\n"); return 1; }
    int ignore;
    if (!XShmQueryExtension(display) || !XTestQueryExtension(display, &ignore, &ignore, &ignore, &ignore)) {
        fprintf(stderr, "the X server lacks MIT-SHM or XTEST\n");
        return 1;
    }
    int rootX, rootY;
    Window child;
    XTranslateCoordinates(display, window, DefaultRootWindow(display), 0, 0, &rootX, &rootY, &child);
    XShmSegmentInfo segment;
    XImage *image = XShmCreateImage(display, DefaultVisual(display, DefaultScreen(display)),
                                    DefaultDepth(display, DefaultScreen(display)), ZPixmap, NULL, &segment, AREA, AREA);
    segment.shmid = shmget(IPC_PRIVATE, (size_t)image->bytes_per_line * image->height, IPC_CREAT | 0600);
    segment.shmaddr = image->data = shmat(segment.shmid, NULL, 0);
    segment.readOnly = False;
    XShmAttach(display, &segment);
    shmctl(segment.shmid, IPC_RMID, NULL);
    size_t bytes = (size_t)image->bytes_per_line * AREA;
    unsigned char *before = malloc(bytes), *after = malloc(bytes);
    double *samples = calloc((size_t)moves, sizeof(double));
    int timeouts = 0, count = 0;

    // A serpentine path: along a row, down, back along the next, so every move lands on
    // pixels the stroke has not touched yet.
    int columns = (x1 - x0) / STEP, rows = (y1 - y0) / ROW;
    if (columns < 2 || rows < 1) { fprintf(stderr, "the rectangle is too small\n"); return 2; }
    int x = rootX + x0, y = rootY + y0;
    XTestFakeMotionEvent(display, -1, x, y, CurrentTime);
    XTestFakeButtonEvent(display, 1, True, CurrentTime);
    XSync(display, False);
    usleep(200000);
    for (int i = 1; i <= moves; i++) {
        int step = i % (columns * rows);
        int row = step / columns, column = step % columns;
        if (row % 2) column = columns - 1 - column;
        if (step == 0) {
            // The rectangle is used up: lift the pen and start again a few pixels lower.
            XTestFakeButtonEvent(display, 1, False, CurrentTime);
            y0 += 5;
            XTestFakeMotionEvent(display, -1, rootX + x0, rootY + y0, CurrentTime);
            XTestFakeButtonEvent(display, 1, True, CurrentTime);
            XSync(display, False);
            usleep(100000);
        }
        x = rootX + x0 + column * STEP;
        y = rootY + y0 + row * ROW;
        if (isolated) usleep((useconds_t)idle_ms * 1000);
        grab(display, image, x, y, before);
        XTestFakeMotionEvent(display, -1, x, y, CurrentTime);
        XFlush(display);
        double start = now_ms(), elapsed = 0;
        for (;;) {
            grab(display, image, x, y, after);
            elapsed = now_ms() - start;
            if (memcmp(before, after, bytes) != 0) break;
            if (elapsed > 1000) { timeouts++; break; }
        }
        samples[count++] = elapsed;
    }
    XTestFakeButtonEvent(display, 1, False, CurrentTime);
    XSync(display, False);
    qsort(samples, (size_t)count, sizeof(double), compare);
#define AT(p) samples[(int)((count - 1) * (p))]
    printf("%s: %d moves, p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms, %d never showed\n",
           isolated ? "isolated moves" : "continuous drag", count, AT(0.5), AT(0.9), AT(0.99), samples[count - 1], timeouts);
    XShmDetach(display, &segment);
    shmdt(segment.shmaddr);
    XCloseDisplay(display);
    return 0;
}
