import CX11Shim
import Foundation
import DrawingBoard

/// The connection to the X server and the app's top-level window with its ICCCM/EWMH properties.
public final class X11Display {
    let display: OpaquePointer
    let screen: Int32
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let window: UInt
    let deleteWindowAtom: Atom
    /// Device pixels per point (HiDPI).
    let scale: Double

    enum SetupError: Error, CustomStringConvertible {
        case noDisplay(String)
        case unsupportedVisual(String)

        var description: String {
            switch self {
            case .noDisplay(let name):
                return "cannot open the X display '\(name)'. Set DISPLAY to a running X server, "
                    + "or run `make run`, which starts a private Xvfb and plays a demo."
            case .unsupportedVisual(let detail):
                return "the X server's default visual is not supported (\(detail)); X11Paint needs 24- or 32-bit TrueColor."
            }
        }
    }

    private var arrowCursor: Cursor = 0
    private var crosshairCursor: Cursor = 0
    private var textCursor: Cursor = 0

    /// The title: WM_NAME for old window managers, _NET_WM_NAME (UTF-8) for the rest.
    func setTitle(_ title: String) {
        XStoreName(display, window, title)
        let utf8 = XInternAtom(display, "UTF8_STRING", 0)
        let netName = XInternAtom(display, "_NET_WM_NAME", 0)
        let bytes = Array(title.utf8)
        XChangeProperty(display, window, netName, utf8, 8, PropModeReplace, bytes, Int32(bytes.count))
        XFlush(display)
    }

    /// Asks the window manager to make the window full screen or not: EWMH's _NET_WM_STATE
    /// message to the root window (the window manager owns the property of a mapped window;
    /// with no window manager nothing happens, as there is none to ask).
    func setFullScreen(_ on: Bool) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(display, "_NET_WM_STATE", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = on ? 1 : 0 // _NET_WM_STATE_ADD or _NET_WM_STATE_REMOVE
        event.xclient.data.l.1 = Int(XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0))
        event.xclient.data.l.3 = 1 // the request comes from an application
        XSendEvent(display, x11shim_root_window(display, screen), 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XFlush(display)
    }

    /// Shows the pointer shape the toolkit asks for.
    func setCursor(_ cursor: PointerCursor) {
        XDefineCursor(display, window, cursor == .crosshair ? crosshairCursor : cursor == .text ? textCursor : arrowCursor)
        XFlush(display)
    }

    /// The window's size in points, after fitting the request into the work area.
    let size: Size
    /// The screen's size in pixels.
    let screenPixels: (width: Int, height: Int)

    init(size requested: Size, minimumSize: Size, title: String) throws {
        guard let display = XOpenDisplay(nil) else {
            throw SetupError.noDisplay(String(cString: XDisplayName(nil)))
        }
        self.display = display
        screen = x11shim_default_screen(display)
        visual = x11shim_default_visual(display, screen)
        depth = x11shim_default_depth(display, screen)
        let visualClass = x11shim_visual_class(visual)
        guard visualClass == TrueColor, depth == 24 || depth == 32,
              visual.pointee.red_mask == 0xFF0000, visual.pointee.green_mask == 0xFF00, visual.pointee.blue_mask == 0xFF else {
            let detail = "class \(visualClass), depth \(depth), masks \(String(visual.pointee.red_mask, radix: 16))/"
                + "\(String(visual.pointee.green_mask, radix: 16))/\(String(visual.pointee.blue_mask, radix: 16))"
            XCloseDisplay(display)
            throw SetupError.unsupportedVisual(detail)
        }
        scale = DisplayScale.detect(display)
        let root = x11shim_root_window(display, screen)
        screenPixels = (Int(x11shim_display_width(display, screen)), Int(x11shim_display_height(display, screen)))
        let geometry = WindowGeometry(requested: requested, minimum: minimumSize,
                                      workArea: Self.workArea(display, root: root, screen: screen), scale: scale)
        size = geometry.size
        window = XCreateSimpleWindow(display, root, 0, 0, UInt32((size.width * scale).rounded()), UInt32((size.height * scale).rounded()), 0, 0,
                                     x11shim_white_pixel(display, screen))
        deleteWindowAtom = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        setProperties(title: title, minimumSize: Size(width: (geometry.minimumSize.width * scale).rounded(),
                                                      height: (geometry.minimumSize.height * scale).rounded()))
        let events: Int = ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask | LeaveWindowMask
            | KeyPressMask | KeyReleaseMask | StructureNotifyMask | PropertyChangeMask
        XSelectInput(display, window, events)
        // A held key sends one press and one release, not a stream of both (Space+drag pans
        // while Space is down).
        var supported: Int32 = 0
        XkbSetDetectableAutoRepeat(display, 1, &supported)
        arrowCursor = XCreateFontCursor(display, UInt32(XC_left_ptr))
        crosshairCursor = XCreateFontCursor(display, UInt32(XC_crosshair))
        textCursor = XCreateFontCursor(display, UInt32(XC_xterm))
        XDefineCursor(display, window, arrowCursor)
        XMapWindow(display, window)
        XFlush(display)
    }

    /// The desktop's work area for the current desktop (EWMH `_NET_WORKAREA`: x, y, width,
    /// height per desktop), else the whole screen; in pixels.
    private static func workArea(_ display: OpaquePointer, root: CX11Shim.Window, screen: Int32) -> Size {
        let screenSize = Size(width: Double(x11shim_display_width(display, screen)), height: Double(x11shim_display_height(display, screen)))
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let property = XInternAtom(display, "_NET_WORKAREA", 0)
        guard XGetWindowProperty(display, root, property, 0, 4, 0, XA_CARDINAL, &type, &format, &count, &remaining, &data) == Success,
              let data else { return screenSize }
        defer { XFree(data) }
        guard format == 32, count >= 4 else { return screenSize }
        // Format-32 properties arrive as C longs.
        let values = UnsafeRawPointer(data).bindMemory(to: Int.self, capacity: 4)
        let width = Double(values[2]), height = Double(values[3])
        guard width > 0, height > 0 else { return screenSize }
        return Size(width: min(width, screenSize.width), height: min(height, screenSize.height))
    }

    private func setProperties(title: String, minimumSize: Size) {
        var protocols = [deleteWindowAtom]
        XSetWMProtocols(display, window, &protocols, 1)
        setTitle(title)
        let pid = [UInt(getpid())]
        pid.withUnsafeBytes { raw in
            XChangeProperty(display, window, XInternAtom(display, "_NET_WM_PID", 0), XA_CARDINAL, 32, PropModeReplace,
                            raw.bindMemory(to: UInt8.self).baseAddress, 1)
        }
        let icon = AppIcon.netWMIcon()
        icon.withUnsafeBytes { raw in
            XChangeProperty(display, window, XInternAtom(display, "_NET_WM_ICON", 0), XA_CARDINAL, 32, PropModeReplace,
                            raw.bindMemory(to: UInt8.self).baseAddress, Int32(icon.count))
        }
        if let classHint = XAllocClassHint() {
            let name = strdup("x11paint"), className = strdup("X11Paint")
            classHint.pointee.res_name = name
            classHint.pointee.res_class = className
            XSetClassHint(display, window, classHint)
            XFree(classHint)
            free(name)
            free(className)
        }
        if let hints = XAllocSizeHints() {
            hints.pointee.flags = PMinSize
            hints.pointee.min_width = Int32(minimumSize.width)
            hints.pointee.min_height = Int32(minimumSize.height)
            XSetWMNormalHints(display, window, hints)
            XFree(hints)
        }
    }

    var fileDescriptor: Int32 { x11shim_connection_number(display) }
}
