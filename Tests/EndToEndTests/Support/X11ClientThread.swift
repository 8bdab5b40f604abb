import CX11Shim
import Foundation

/// A test's own X client (a clipboard manager, a clipboard owner) on its own thread and
/// connection until stopped. Subclasses set themselves up, call `start()`, and do their work in
/// `serve`, looping while `isRunning`.
class X11ClientThread: @unchecked Sendable {
    /// Guards what the serving thread and the test share.
    let lock = NSLock()
    let display: OpaquePointer
    private var running = true
    private var thread: Thread?

    init(display name: String) throws {
        guard let display = XOpenDisplay(name) else { throw ExternalTool.Failure(description: "cannot open \(name)") }
        self.display = display
    }

    /// Starts serving; returns once `serve` has signalled `ready`.
    func start() {
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            defer { XCloseDisplay(display) }
            serve(display, ready: ready)
        }
        self.thread = thread
        thread.start()
        ready.wait()
    }

    func serve(_ display: OpaquePointer, ready: DispatchSemaphore) { ready.signal() }

    func stop() {
        lock.lock(); running = false; lock.unlock()
        while thread?.isFinished == false { usleep(5000) }
    }

    var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }
}
