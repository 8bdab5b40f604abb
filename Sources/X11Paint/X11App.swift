import CX11Shim
import Foundation
import PaintCore

/// Wires the X connection to PaintCore's window and runs the event loop on the connection's fd.
final class X11App {
    private let x11: X11Display
    private let presenter: Presenter
    private let translator: InputTranslator
    private let window: PaintCore.Window
    private let board: DrawingBoardViewController
    private let pointer: PointerTranslator
    private var demoSteps: [[TouchInput]] = []
    private let isDemo: Bool
    private var running = true

    init(options: Options) throws {
        x11 = try X11Display(size: options.size, title: "X11Paint")
        presenter = Presenter(x11: x11)
        translator = InputTranslator(deleteWindowAtom: x11.deleteWindowAtom)
        window = Window(size: options.size)
        board = DrawingBoardViewController(store: PicturesArtworkStore())
        window.rootViewController = board
        pointer = PointerTranslator(window: window)
        isDemo = options.demo
        if isDemo {
            window.render()
            demoSteps = DemoScript.steps(for: board)
        }
    }

    /// Runs until the window is closed (or the demo ends). Returns the exit status.
    func run() -> Int32 {
        var pollDescriptor = pollfd(fd: x11.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let application = window.application
        while running {
            drainEvents()
            if !running { break }
            application.tick()
            if window.needsDisplay {
                let regions = window.render()
                presenter.present(window.backbuffer, regions: regions)
            }
            if isDemo {
                if demoSteps.isEmpty { return finishDemo() }
                window.send(demoSteps.removeFirst())
                _ = poll(&pollDescriptor, 1, 8)
            } else if XPending(x11.display) == 0 {
                // Sleep until input, the next timer or the next animation frame; idle is 0% CPU.
                var timeout: Int32 = -1
                if let wakeUp = application.nextWakeUp() {
                    timeout = Int32(max(0, min(1000, ((wakeUp - application.clock.now) * 1000).rounded(.up))))
                }
                _ = poll(&pollDescriptor, 1, timeout)
            }
        }
        return 0
    }

    private func drainEvents() {
        var event = XEvent()
        while XPending(x11.display) > 0 {
            XNextEvent(x11.display, &event)
            switch translator.translate(&event) {
            case .pointer(let event): pointer.handle(event)
            case .key(let key):
                if key.key == .escape { pointer.cancel(timestamp: window.application.clock.now) }
                window.send(key)
            case .resize(let size): window.resize(to: size)
            case .expose(let rect): window.setNeedsDisplay(rect)
            case .close: running = false
            case .none: break
            }
        }
    }

    private func finishDemo() -> Int32 {
        guard let path = board.lastSavedPath else {
            Log.warning("the demo could not save its drawing")
            return 1
        }
        print("Demo finished. The drawing was saved to: \(path)")
        return 0
    }
}
