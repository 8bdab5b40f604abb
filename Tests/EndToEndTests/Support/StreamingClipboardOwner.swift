import CX11Shim
import Foundation

/// Owns the CLIPBOARD and answers image/png in INCR chunks (ICCCM 2.7.2), each written the
/// moment the requestor deletes the last one: as fast an owner as there can be. It sends the
/// given bytes and then the zero-length end, or, with no bytes, chunks without end (a hostile
/// owner). Runs on its own thread and connection until stopped.
final class StreamingClipboardOwner: X11ClientThread, @unchecked Sendable {
    private var sentBytes = 0
    private var transfers = 0
    private let payload: [UInt8]?
    private let chunkSize: Int

    /// Bytes written into requestors' properties so far.
    var sent: Int { lock.lock(); defer { lock.unlock() }; return sentBytes }
    /// Transfers finished with the zero-length chunk.
    var finished: Int { lock.lock(); defer { lock.unlock() }; return transfers }

    /// `payload` nil: chunks of junk for ever.
    init(display name: String, payload: [UInt8]?, chunkSize: Int = 64 * 1024) throws {
        self.payload = payload
        self.chunkSize = chunkSize
        try super.init(display: name)
        start()
    }

    deinit { stop() }

    /// One requestor's transfer in progress.
    private struct Transfer {
        var requestor: UInt
        var property: Atom
        var type: Atom
        var offset = 0
        var ended = false
    }

    override func serve(_ display: OpaquePointer, ready: DispatchSemaphore) {
        func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        let root = UInt(XDefaultRootWindow(display))
        let window = UInt(XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0))
        let clipboard = atom("CLIPBOARD"), png = atom("image/png"), incr = atom("INCR"), targets = atom("TARGETS")
        XSetSelectionOwner(display, clipboard, window, UInt(CurrentTime))
        XFlush(display)
        ready.signal()
        var transfers: [Transfer] = []
        let junk = [UInt8](repeating: 0xA5, count: chunkSize)
        func write(_ bytes: [UInt8], _ transfer: Transfer) {
            XChangeProperty(display, transfer.requestor, transfer.property, transfer.type, 8, PropModeReplace, bytes, Int32(bytes.count))
            XFlush(display)
            lock.lock(); sentBytes += bytes.count; lock.unlock()
        }
        var event = XEvent()
        while isRunning {
            guard XPending(display) > 0 else {
                // Woken the moment the server writes: each chunk follows its deletion at once.
                var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 50)
                continue
            }
            XNextEvent(display, &event)
            switch event.type {
            case SelectionRequest:
                let request = event.xselectionrequest
                if request.target == targets {
                    var offered = [targets, png]
                    XChangeProperty(display, request.requestor, request.property, XA_ATOM, 32, PropModeReplace,
                                    offered.withUnsafeMutableBytes { $0.bindMemory(to: UInt8.self).baseAddress }, 2)
                    answer(request, on: display)
                } else if request.target == png {
                    // INCR: the property says roughly how much is coming; chunks follow each delete.
                    XSelectInput(display, request.requestor, PropertyChangeMask)
                    // A hostile owner announces little and sends without end.
                    var size = payload?.count ?? 1_000_000
                    XChangeProperty(display, request.requestor, request.property, incr, 32, PropModeReplace,
                                    withUnsafeMutableBytes(of: &size) { $0.bindMemory(to: UInt8.self).baseAddress }, 1)
                    transfers.append(Transfer(requestor: request.requestor, property: request.property, type: png))
                    answer(request, on: display)
                } else {
                    var refused = request
                    refused.property = 0
                    answer(refused, on: display)
                }
            case PropertyNotify where event.xproperty.state == PropertyDelete:
                guard let index = transfers.firstIndex(where: { $0.requestor == event.xproperty.window && $0.property == event.xproperty.atom }) else { continue }
                var transfer = transfers[index]
                if transfer.ended {
                    transfers.remove(at: index)
                    continue
                }
                if let payload {
                    let end = min(payload.count, transfer.offset + chunkSize)
                    let chunk = Array(payload[transfer.offset..<end])
                    write(chunk, transfer)
                    transfer.offset = end
                    if chunk.isEmpty {
                        transfer.ended = true
                        lock.lock(); self.transfers += 1; lock.unlock()
                    }
                } else {
                    write(junk, transfer)
                }
                transfers[index] = transfer
            default:
                break
            }
        }
    }
}
