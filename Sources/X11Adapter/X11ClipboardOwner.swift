import CX11Shim
import Foundation

/// The app as the CLIPBOARD's and PRIMARY's owner (ICCCM section 2): after Ctrl+C it answers
/// other clients' requests for `TARGETS`, `TIMESTAMP` and `image/png` with the copied picture
/// (or `UTF8_STRING` and the other text targets with text copied or selected in a field), large pictures
/// in INCR chunks, several requests at once while the user goes on drawing, until another
/// client takes the clipboard. On exit it hands the picture to a clipboard manager if one
/// runs (`SAVE_TARGETS` to `CLIPBOARD_MANAGER`, freedesktop's ClipboardManager spec), as GTK
/// and Qt do, so what was copied can still be pasted.
final class X11ClipboardOwner {
    private let display: OpaquePointer
    private let window: UInt
    /// What is offered: a picture, or text.
    enum Content {
        case picture([UInt8])
        case text(String)
    }
    /// What each selection this window owns offers (CLIPBOARD, PRIMARY).
    private var contents: [Atom: Content] = [:]
    /// The picture on the CLIPBOARD, if that is what it offers.
    var png: [UInt8]? { if case .picture(let data)? = contents[clipboard] { data } else { nil } }
    /// Transfers going out in INCR chunks: each chunk is written when the requestor has
    /// deleted the last one.
    private struct Transfer {
        let requestor: UInt
        let property: Atom
        let type: Atom
        var offset: Int
        let data: [UInt8]
    }
    private var transfers: [Transfer] = []
    /// The most bytes written into a property at once; more go in INCR chunks.
    let chunkSize: Int

    private lazy var clipboard = atom("CLIPBOARD")
    private lazy var targets = atom("TARGETS")
    private lazy var timestamp = atom("TIMESTAMP")
    private lazy var imagePNG = atom("image/png")
    private lazy var incr = atom("INCR")
    private lazy var clipboardManager = atom("CLIPBOARD_MANAGER")
    private lazy var saveTargets = atom("SAVE_TARGETS")
    private lazy var saveProperty = atom("X11PAINT_SAVE_TARGETS")
    private lazy var atomType = atom("ATOM")
    private lazy var integerType = atom("INTEGER")
    private lazy var primary = atom("PRIMARY")
    private lazy var utf8String = atom("UTF8_STRING")
    /// The names text is asked for by: UTF-8 all (old clients' STRING and TEXT get UTF-8 too).
    private lazy var textTargets = [utf8String, atom("text/plain;charset=utf-8"), atom("text/plain"), atom("STRING"), atom("TEXT")]

    init(display: OpaquePointer, window: UInt, chunkSize: Int? = nil) {
        self.display = display
        self.window = window
        // A quarter of what the server takes in one request, as Xlib's own users keep to.
        let serverLimit = Int(XExtendedMaxRequestSize(display) > 0 ? XExtendedMaxRequestSize(display) : XMaxRequestSize(display)) * 4
        self.chunkSize = chunkSize ?? max(4096, min(256 * 1024, serverLimit / 4))
    }

    private func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    /// Takes the clipboard with a picture. Returns whether the server made this window its owner.
    func own(_ data: [UInt8]) -> Bool { own(.picture(data), primary: false) }

    /// Takes the CLIPBOARD (or PRIMARY) with `content`. Returns whether the server made this
    /// window its owner.
    @discardableResult
    func own(_ content: Content, primary isPrimary: Bool) -> Bool {
        let selection = isPrimary ? primary : clipboard
        XSetSelectionOwner(display, selection, window, UInt(CurrentTime))
        guard XGetSelectionOwner(display, selection) == window else { return false }
        contents[selection] = content
        XFlush(display)
        return true
    }

    /// Handles the events of the owner's side; returns whether the event was one of them.
    func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case SelectionRequest where event.xselectionrequest.owner == window:
            answer(event.xselectionrequest)
            return true
        case SelectionClear where event.xselectionclear.window == window && contents[event.xselectionclear.selection] != nil:
            // Someone else copied (or selected): theirs is the selection now.
            contents[event.xselectionclear.selection] = nil
            return true
        case PropertyNotify where event.xproperty.state == PropertyDelete:
            let e = event.xproperty
            guard let index = transfers.firstIndex(where: { $0.requestor == e.window && $0.property == e.atom }) else { return false }
            sendNextChunk(index)
            return true
        default:
            return false
        }
    }

    private func answer(_ request: XSelectionRequestEvent) {
        // Clients from before ICCCM 2 leave the property out: the target names it then.
        let property = request.property != 0 ? request.property : request.target
        var answered = false
        if let content = contents[request.selection] {
            let dataTargets: [Atom]
            switch content {
            case .picture: dataTargets = [imagePNG]
            case .text: dataTargets = textTargets
            }
            if request.target == targets {
                var offered: [UInt] = [targets, timestamp] + dataTargets
                XChangeProperty(display, request.requestor, property, atomType, 32, PropModeReplace,
                                offered.withUnsafeMutableBytes { $0.bindMemory(to: UInt8.self).baseAddress }, Int32(offered.count))
                answered = true
            } else if request.target == timestamp {
                var time = UInt(request.time)
                XChangeProperty(display, request.requestor, property, integerType, 32, PropModeReplace,
                                withUnsafeMutableBytes(of: &time) { $0.bindMemory(to: UInt8.self).baseAddress }, 1)
                answered = true
            } else if dataTargets.contains(request.target) {
                switch content {
                case .picture(let png): send(png, type: imagePNG, to: request.requestor, property: property)
                case .text(let text): send(Array(text.utf8), type: utf8String, to: request.requestor, property: property)
                }
                answered = true
            }
        }
        var notify = XEvent()
        notify.xselection.type = SelectionNotify
        notify.xselection.requestor = request.requestor
        notify.xselection.selection = request.selection
        notify.xselection.target = request.target
        notify.xselection.property = answered ? property : 0
        notify.xselection.time = request.time
        XSendEvent(display, request.requestor, 0, NoEventMask, &notify)
        XFlush(display)
    }

    /// Small data in one property; large data announced as INCR (its size), then chunk by chunk.
    private func send(_ data: [UInt8], type: Atom, to requestor: UInt, property: Atom) {
        if data.count <= chunkSize {
            var bytes = data
            XChangeProperty(display, requestor, property, type, 8, PropModeReplace, &bytes, Int32(bytes.count))
            return
        }
        // The requestor deleting each chunk is how it asks for the next: watch its window
        // (ours already reports its own property changes).
        if requestor != window { XSelectInput(display, requestor, PropertyChangeMask) }
        var size = UInt(data.count)
        XChangeProperty(display, requestor, property, incr, 32, PropModeReplace,
                        withUnsafeMutableBytes(of: &size) { $0.bindMemory(to: UInt8.self).baseAddress }, 1)
        transfers.removeAll { $0.requestor == requestor && $0.property == property }
        transfers.append(Transfer(requestor: requestor, property: property, type: type, offset: 0, data: data))
    }

    private func sendNextChunk(_ index: Int) {
        var transfer = transfers[index]
        let end = min(transfer.data.count, transfer.offset + chunkSize)
        var chunk = Array(transfer.data[transfer.offset..<end])
        // A chunk of no bytes ends the transfer.
        XChangeProperty(display, transfer.requestor, transfer.property, transfer.type, 8, PropModeReplace, &chunk, Int32(chunk.count))
        if chunk.isEmpty {
            transfers.remove(at: index)
            if transfer.requestor != window && !transfers.contains(where: { $0.requestor == transfer.requestor }) {
                XSelectInput(display, transfer.requestor, NoEventMask)
            }
        } else {
            transfer.offset = end
            transfers[index] = transfer
        }
        XFlush(display)
    }

    /// Whether INCR transfers are still going out (for tests and an orderly exit).
    var isSending: Bool { !transfers.isEmpty }

    // MARK: - Leaving

    /// The app is ending while it owns the clipboard: a running clipboard manager is asked to
    /// take the picture (it asks this window for it, answered here), waiting at most `timeout`
    /// seconds. Returns whether the manager said it took it.
    @discardableResult
    func handOverToClipboardManager(timeout: Double = 2) -> Bool {
        guard let content = contents[clipboard], XGetSelectionOwner(display, clipboard) == window,
              XGetSelectionOwner(display, clipboardManager) != 0 else { return false }
        var saved: [UInt]
        switch content {
        case .picture: saved = [imagePNG]
        case .text: saved = [utf8String]
        }
        XChangeProperty(display, window, saveProperty, atomType, 32, PropModeReplace,
                        saved.withUnsafeMutableBytes { $0.bindMemory(to: UInt8.self).baseAddress }, Int32(saved.count))
        XConvertSelection(display, clipboardManager, saveTargets, saveProperty, window, UInt(CurrentTime))
        XFlush(display)
        let deadline = Date().addingTimeInterval(timeout)
        var event = XEvent()
        while Date() < deadline {
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                if event.type == SelectionNotify && event.xselection.selection == clipboardManager {
                    return event.xselection.property != 0
                }
                _ = handle(&event)
            }
            usleep(2000)
        }
        return false
    }
}
