import CX11Shim
import Foundation

/// A clipboard manager as freedesktop's ClipboardManager spec describes one (what GNOME's and
/// Xfce's run): it owns CLIPBOARD_MANAGER, and when a client leaving asks it for SAVE_TARGETS
/// it fetches the CLIPBOARD's image/png from that client (INCR included) and says it is done.
/// Runs on its own thread and connection until stopped.
final class FakeClipboardManager: X11ClientThread, @unchecked Sendable {
    private var savedData: [UInt8]?

    /// What it took from the client that left (nil: nothing yet).
    var saved: [UInt8]? { lock.lock(); defer { lock.unlock() }; return savedData }

    override init(display name: String) throws {
        try super.init(display: name)
        start()
    }

    override func serve(_ display: OpaquePointer, ready: DispatchSemaphore) {
        func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        let root = UInt(XDefaultRootWindow(display))
        let window = UInt(XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0))
        XSelectInput(display, window, PropertyChangeMask)
        let manager = atom("CLIPBOARD_MANAGER"), clipboard = atom("CLIPBOARD"), saveTargets = atom("SAVE_TARGETS")
        let png = atom("image/png"), incr = atom("INCR"), fetched = atom("MANAGER_DATA")
        XSetSelectionOwner(display, manager, window, UInt(CurrentTime))
        XFlush(display)
        ready.signal()
        var pending: XSelectionRequestEvent?
        var incremental: [UInt8]?
        func readProperty() -> (Atom, [UInt8]) {
            var type: Atom = 0
            var format: Int32 = 0
            var count: UInt = 0, remaining: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            XGetWindowProperty(display, window, fetched, 0, 0x1FFF_FFFF, 1, UInt(AnyPropertyType), &type, &format, &count, &remaining, &data)
            defer { if let data { XFree(data) } }
            guard let data, count > 0 else { return (type, []) }
            return (type, Array(UnsafeBufferPointer(start: data, count: format == 32 ? Int(count) * 8 : Int(count))))
        }
        func finish(_ bytes: [UInt8]) {
            lock.lock(); savedData = bytes; lock.unlock()
            guard let request = pending else { return }
            answer(request, on: display)
            pending = nil
        }
        var event = XEvent()
        while isRunning {
            guard XPending(display) > 0 else { usleep(2000); continue }
            XNextEvent(display, &event)
            switch event.type {
            case SelectionRequest where event.xselectionrequest.selection == manager && event.xselectionrequest.target == saveTargets:
                pending = event.xselectionrequest
                XConvertSelection(display, clipboard, png, fetched, window, UInt(CurrentTime))
                XFlush(display)
            case SelectionNotify where event.xselection.selection == clipboard:
                guard event.xselection.property != 0 else { finish([]); continue }
                let (type, bytes) = readProperty()
                if type == incr { incremental = [] } else { finish(bytes) }
                XFlush(display)
            case PropertyNotify where incremental != nil && event.xproperty.atom == fetched && event.xproperty.state == PropertyNewValue:
                let (_, chunk) = readProperty()
                XFlush(display)
                if chunk.isEmpty {
                    finish(incremental ?? [])
                    incremental = nil
                } else {
                    incremental?.append(contentsOf: chunk)
                }
            default:
                break
            }
        }
    }
}
