import CX11Shim
import Foundation
import DrawingBoard

/// The X11 selection protocols the app speaks: the CLIPBOARD for pasting pictures (image/png,
/// large ones in INCR chunks) and for copying them (X11ClipboardOwner), text fields' text
/// through the CLIPBOARD and PRIMARY (UTF8_STRING), and XDND for files dropped on the window
/// (text/uri-list).
final class X11Selections: Pasteboard {
    private let display: OpaquePointer
    private let window: UInt
    private let scheduler: Scheduler
    private var pasteCompletion: ((Result<[UInt8], PasteboardError>) -> Void)?
    private var pasteTimer: Scheduler.Timer?
    /// A text paste waiting for its answer, and when it gives up.
    private var textCompletion: ((String?) -> Void)?
    private var textTimer: Scheduler.Timer?
    /// An INCR paste's chunks so far (kept apart until the end: one growing array would double
    /// its memory at each growth, and an endless owner would be cut off at twice the cap), and
    /// their size.
    private var incremental: [[UInt8]]?
    private var incrementalBytes = 0
    private var dropSource: UInt = 0
    private var dropOffersFiles = false
    /// Called with the paths of files dropped on the window.
    var onDrop: (([String]) -> Void)?
    /// The clipboard's owner side (what Ctrl+C offers).
    let owner: X11ClipboardOwner

    private lazy var clipboard = atom("CLIPBOARD")
    private lazy var imagePNG = atom("image/png")
    private lazy var pasteProperty = atom("X11PAINT_PASTE")
    private lazy var textProperty = atom("X11PAINT_TEXT")
    private lazy var utf8String = atom("UTF8_STRING")
    private lazy var primary = atom("PRIMARY")
    private lazy var dropProperty = atom("X11PAINT_DROP")
    private lazy var incr = atom("INCR")
    private lazy var uriList = atom("text/uri-list")
    private lazy var xdndAware = atom("XdndAware")
    private lazy var xdndEnter = atom("XdndEnter")
    private lazy var xdndPosition = atom("XdndPosition")
    private lazy var xdndStatus = atom("XdndStatus")
    private lazy var xdndLeave = atom("XdndLeave")
    private lazy var xdndDrop = atom("XdndDrop")
    private lazy var xdndFinished = atom("XdndFinished")
    private lazy var xdndSelection = atom("XdndSelection")
    private lazy var xdndTypeList = atom("XdndTypeList")
    private lazy var xdndActionCopy = atom("XdndActionCopy")

    init(display: OpaquePointer, window: UInt, scheduler: Scheduler) {
        self.display = display
        self.window = window
        self.scheduler = scheduler
        owner = X11ClipboardOwner(display: display, window: window)
        // Drag sources look for XdndAware (protocol version 5) before they talk to a window.
        var version: UInt = 5
        XChangeProperty(display, window, xdndAware, XA_ATOM, 32, PropModeReplace, withUnsafeBytes(of: &version) {
            $0.bindMemory(to: UInt8.self).baseAddress
        }, 1)
    }

    private func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    // MARK: - Pasteboard

    func requestImage(_ completion: @escaping (Result<[UInt8], PasteboardError>) -> Void) {
        pasteCompletion = completion
        incremental = nil
        XDeleteProperty(display, window, pasteProperty)
        XConvertSelection(display, clipboard, imagePNG, pasteProperty, window, UInt(CurrentTime))
        XFlush(display)
        restartPasteTimer()
    }

    private func restartPasteTimer() {
        pasteTimer?.cancel()
        pasteTimer = scheduler.schedule(after: 5) { [weak self] in
            self?.finishPaste(.failure(PasteboardError(tr("The clipboard did not answer"))))
        }
    }

    func provideImage(_ png: [UInt8]) -> Bool { owner.own(png) }

    func provideText(_ text: String) { owner.own(.text(text), primary: false) }

    func provideSelectedText(_ text: String) { owner.own(.text(text), primary: true) }

    /// The selection's text as UTF-8 (what GTK and Qt offer); a text too large for one
    /// property (INCR), or no answer within two seconds, is none.
    func requestText(primary isPrimary: Bool, _ completion: @escaping (String?) -> Void) {
        textCompletion?(nil)
        textCompletion = completion
        XDeleteProperty(display, window, textProperty)
        XConvertSelection(display, isPrimary ? primary : clipboard, utf8String, textProperty, window, UInt(CurrentTime))
        XFlush(display)
        textTimer?.cancel()
        textTimer = scheduler.schedule(after: 2) { [weak self] in self?.finishText(nil) }
    }

    private func finishText(_ text: String?) {
        textTimer?.cancel()
        let completion = textCompletion
        textCompletion = nil
        completion?(text)
    }

    /// An owner of CLIPBOARD (another application's copy, or this one's).
    var holdsSomething: Bool { XGetSelectionOwner(display, clipboard) != 0 }

    private func finishPaste(_ result: Result<[UInt8], PasteboardError>) {
        pasteTimer?.cancel()
        incremental = nil
        let completion = pasteCompletion
        pasteCompletion = nil
        completion?(result)
    }

    // MARK: - Events

    /// Handles selection and XDND events; returns whether the event was one of them.
    func handle(_ event: inout XEvent) -> Bool {
        if owner.handle(&event) { return true }
        switch event.type {
        case SelectionNotify where event.xselection.requestor == window:
            let e = event.xselection
            if e.property == textProperty || (e.property == 0 && e.target == utf8String) {
                let (type, bytes) = e.property == 0 ? (0, []) : readProperty(textProperty)
                finishText(type == utf8String || (type != incr && type != 0) ? String(decoding: bytes, as: UTF8.self) : nil)
            } else if e.property == pasteProperty || (e.property == 0 && e.target == imagePNG) {
                receivePaste(property: e.property)
            } else if e.property == dropProperty || (e.property == 0 && e.target == uriList) {
                receiveDrop(property: e.property)
            }
            return true
        case PropertyNotify where event.xproperty.window == window && event.xproperty.atom == pasteProperty:
            if incremental != nil && event.xproperty.state == PropertyNewValue { receiveChunk() }
            return true
        case ClientMessage:
            return handleXdnd(event.xclient)
        default:
            return false
        }
    }

    private func receivePaste(property: Atom) {
        guard pasteCompletion != nil else { return }
        guard property != 0 else {
            finishPaste(.failure(PasteboardError(tr("The clipboard holds no picture (no image/png)"))))
            return
        }
        // Reading deletes the property: for INCR that deletion is what asks for the first chunk.
        // (It was deleted a second time here, and an owner quick enough had its first chunk
        // deleted unread: "Pasted picture is empty", about one paste in 25.)
        let (type, bytes) = readProperty(property)
        if type == incr {
            // Large data comes in chunks, each announced by a new value of the property; the
            // INCR value is a lower bound on the size.
            let announced = bytes.count >= 4 ? Int(UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24) : 0
            guard announced <= PasteboardError.maximumBytes else { return finishPaste(.failure(.tooLarge)) }
            incremental = []
            incrementalBytes = 0
            XFlush(display)
        } else if bytes.count > PasteboardError.maximumBytes {
            finishPaste(.failure(.tooLarge))
        } else {
            finishPaste(.success(bytes))
        }
    }

    private func receiveChunk() {
        let (type, bytes) = readProperty(pasteProperty)
        // No property at all: a notification of a value already gone (never the end, which is
        // a property of zero length with the data's type).
        guard type != 0 else { return }
        XFlush(display) // the deletion asks for the next chunk
        if bytes.isEmpty {
            finishPaste(.success(Array((incremental ?? []).joined())))
        } else if incrementalBytes + bytes.count > PasteboardError.maximumBytes {
            // Checked as it arrives: an owner that streams without end stops here.
            finishPaste(.failure(.tooLarge))
        } else {
            incremental?.append(bytes)
            incrementalBytes += bytes.count
            // Any paste's chunks arriving give it more time; only silence times it out.
            restartPasteTimer()
        }
    }

    /// Reads and deletes a property of our window.
    private func readProperty(_ property: Atom) -> (Atom, [UInt8]) {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(display, window, property, 0, 0x1FFF_FFFF, 1, UInt(AnyPropertyType), &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard let data, count > 0 else { return (type, []) }
        let size = format == 32 ? Int(count) * MemoryLayout<UInt>.size : Int(count) * Int(format) / 8
        return (type, Array(UnsafeBufferPointer(start: data, count: size)))
    }

    // MARK: - XDND

    private func handleXdnd(_ message: XClientMessageEvent) -> Bool {
        let type = message.message_type
        let l = message.data.l
        if type == xdndEnter {
            dropSource = UInt(bitPattern: l.0)
            var offered = [l.2, l.3, l.4].map { UInt(bitPattern: $0) }
            if l.1 & 1 != 0 { offered = typeList(of: dropSource) }
            dropOffersFiles = offered.contains(uriList)
        } else if type == xdndPosition {
            dropSource = UInt(bitPattern: l.0)
            sendToSource(xdndStatus, [Int(bitPattern: window), dropOffersFiles ? 1 : 0, 0, 0, dropOffersFiles ? Int(xdndActionCopy) : 0])
        } else if type == xdndLeave {
            dropSource = 0
            dropOffersFiles = false
        } else if type == xdndDrop {
            dropSource = UInt(bitPattern: l.0)
            if dropOffersFiles {
                XConvertSelection(display, xdndSelection, uriList, dropProperty, window, UInt(bitPattern: l.2))
                XFlush(display)
            } else {
                sendToSource(xdndFinished, [Int(bitPattern: window), 0, 0, 0, 0])
            }
        } else {
            return false
        }
        return true
    }

    private func receiveDrop(property: Atom) {
        let accepted: Bool
        if property != 0 {
            let (_, bytes) = readProperty(property)
            let paths = URIList.paths(from: String(decoding: bytes, as: UTF8.self))
            accepted = !paths.isEmpty
            if accepted { onDrop?(paths) }
        } else {
            accepted = false
        }
        sendToSource(xdndFinished, [Int(bitPattern: window), accepted ? 1 : 0, accepted ? Int(xdndActionCopy) : 0, 0, 0])
        dropSource = 0
    }

    private func typeList(of source: UInt) -> [UInt] {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(display, source, xdndTypeList, 0, 1024, 0, XA_ATOM, &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard let data, format == 32 else { return [] }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
    }

    private func sendToSource(_ type: Atom, _ values: [Int]) {
        guard dropSource != 0 else { return }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = dropSource
        event.xclient.message_type = type
        event.xclient.format = 32
        event.xclient.data.l = (values[0], values[1], values[2], values[3], values[4])
        XSendEvent(display, dropSource, 0, NoEventMask, &event)
        XFlush(display)
    }
}
