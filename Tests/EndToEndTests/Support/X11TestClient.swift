import CX11Shim
import Foundation
import DrawingBoard

/// A second X client for tests: asks the app's window to close the way a window manager does,
/// and reads back what the window shows.
final class X11TestClient {
    let display: OpaquePointer

    init(display name: String) throws {
        guard let display = XOpenDisplay(name) else { throw ExternalTool.Failure(description: "cannot open \(name)") }
        self.display = display
    }

    deinit { XCloseDisplay(display) }

    /// Sends WM_PROTOCOLS / WM_DELETE_WINDOW, as a window manager's close button does.
    func requestClose(window: UInt) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(display, window, 0, NoEventMask, &event)
        XFlush(display)
    }

    /// The window's pixels as a bitmap (24-bit TrueColor read as opaque BGRX words).
    func capture(window: UInt, width: Int, height: Int) -> Bitmap? {
        guard let image = XGetImage(display, window, 0, 0, UInt32(width), UInt32(height), UInt(bitPattern: -1), ZPixmap) else { return nil }
        defer { x11shim_destroy_image(image) }
        let bitmap = Bitmap(width: width, height: height)
        let stride = Int(image.pointee.bytes_per_line)
        let data = UnsafeRawPointer(image.pointee.data!)
        for y in 0..<height {
            let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { bitmap[x, y] = row[x] | 0xFF00_0000 }
        }
        return bitmap
    }

    /// Sets a CARDINAL[] property on the root window, as a window manager sets _NET_WORKAREA.
    func setRootCardinals(_ name: String, _ values: [Int]) {
        let root = x11shim_root_window(display, x11shim_default_screen(display))
        values.withUnsafeBytes { raw in
            XChangeProperty(display, root, XInternAtom(display, name, 0), XA_CARDINAL, 32, PropModeReplace,
                            raw.bindMemory(to: UInt8.self).baseAddress, Int32(values.count))
        }
        XSync(display, 0)
    }

    /// Takes the requests that windows send the window manager (SubstructureRedirect on the
    /// root window), as a window manager does; only one client may, and Xvfb runs none.
    func actAsWindowManager() {
        XSelectInput(display, x11shim_root_window(display, x11shim_default_screen(display)), SubstructureRedirectMask | SubstructureNotifyMask)
        XSync(display, 0)
    }

    /// The data of the next ClientMessage of type `name` sent to the root window, nil when none
    /// comes within `timeout` seconds (after `actAsWindowManager`).
    func nextRootMessage(_ name: String, timeout: Double = 5) -> [Int]? {
        let type = XInternAtom(display, name, 0)
        let deadline = Date().addingTimeInterval(timeout)
        var event = XEvent()
        while Date() < deadline {
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                if event.type == ClientMessage && event.xclient.message_type == type {
                    let l = event.xclient.data.l
                    return [l.0, l.1, l.2, l.3, l.4]
                }
            }
            usleep(10_000)
        }
        return nil
    }

    func atom(_ name: String) -> Int { Int(XInternAtom(display, name, 0)) }

    /// A window's size in pixels.
    func size(of window: UInt) -> (width: Int, height: Int) {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window, &attributes)
        return (Int(attributes.width), Int(attributes.height))
    }

    /// The minimum size the window asks of the window manager (WM_NORMAL_HINTS), in pixels.
    func minimumSize(of window: UInt) -> (width: Int, height: Int)? {
        guard let hints = XAllocSizeHints() else { return nil }
        defer { XFree(hints) }
        var supplied = 0
        guard XGetWMNormalHints(display, window, hints, &supplied) != 0, hints.pointee.flags & PMinSize != 0 else { return nil }
        return (Int(hints.pointee.min_width), Int(hints.pointee.min_height))
    }

    /// The value of a string property, such as WM_CLASS.
    func property(_ name: String, of window: UInt) -> [UInt8] {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(display, window, XInternAtom(display, name, 0), 0, 1024, 0, UInt(AnyPropertyType),
                           &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard let data, count > 0 else { return [] }
        let bytes = format == 32 ? Int(count) * MemoryLayout<UInt>.size : Int(count) * Int(format) / 8
        return Array(UnsafeBufferPointer(start: data, count: bytes))
    }
}

extension X11TestClient {
    /// Acts as an XDND drag source: drops `uriList` on `target` and serves the data when asked.
    /// Returns whether the target reported the drop as accepted.
    func dropFiles(_ uriList: String, on target: UInt, at point: (Int, Int), timeout: Double = 10) -> Bool {
        let root = XDefaultRootWindow(display)
        let source = XCreateSimpleWindow(display, root, 0, 0, 10, 10, 0, 0, 0)
        defer { XDestroyWindow(display, source) }
        func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        XSetSelectionOwner(display, atom("XdndSelection"), source, UInt(CurrentTime))
        func send(_ type: String, _ l: (Int, Int, Int, Int, Int)) {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = target
            event.xclient.message_type = atom(type)
            event.xclient.format = 32
            event.xclient.data.l = l
            XSendEvent(display, target, 0, NoEventMask, &event)
            XFlush(display)
        }
        let me = Int(bitPattern: source)
        send("XdndEnter", (me, 5 << 24, Int(atom("text/uri-list")), 0, 0))
        send("XdndPosition", (me, 0, point.0 << 16 | point.1, Int(CurrentTime), Int(atom("XdndActionCopy"))))
        send("XdndDrop", (me, 0, Int(CurrentTime), 0, 0))
        let deadline = Date().addingTimeInterval(timeout)
        var event = XEvent()
        while Date() < deadline {
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                if event.type == SelectionRequest {
                    let request = event.xselectionrequest
                    let bytes = Array(uriList.utf8)
                    XChangeProperty(display, request.requestor, request.property, request.target, 8, PropModeReplace, bytes, Int32(bytes.count))
                    answer(request, on: display)
                } else if event.type == ClientMessage && event.xclient.message_type == atom("XdndFinished") {
                    return event.xclient.data.l.1 & 1 != 0
                }
            }
            usleep(10_000)
        }
        return false
    }
}

/// Tells a selection's requestor its answer is in the property it named (ICCCM 2.2).
func answer(_ request: XSelectionRequestEvent, on display: OpaquePointer) {
    var reply = XEvent()
    reply.xselection.type = SelectionNotify
    reply.xselection.requestor = request.requestor
    reply.xselection.selection = request.selection
    reply.xselection.target = request.target
    reply.xselection.property = request.property
    reply.xselection.time = request.time
    XSendEvent(display, request.requestor, 0, NoEventMask, &reply)
    XFlush(display)
}
