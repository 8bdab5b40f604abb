import CX11Shim
import Foundation
import DesktopPortal
import DrawingBoard

/// Wires the X connection to the toolkit's window and runs the event loop on the connection's fd.
public final class X11App {
    private let x11: X11Display
    private let presenter: Presenter
    private var translator: InputTranslator
    private let window: PaintToolkit.Window
    /// The window's documents, one board per tab.
    private let tabs: DocumentTabsController
    /// The current tab's board: the pen, the photo and the demo go to it.
    private var board: DrawingBoardViewController { tabs.current }
    private let pointer: PointerTranslator
    private let xinput: XInput2Translator
    private var xinputOpcode: Int32 = 0
    private var demoSteps: [[TouchInput]] = []
    private let isDemo: Bool
    private var running = true
    private let latency: LatencyRecorder?
    /// X11PAINT_TRACE=1 prints the pointer events as the app receives them.
    private let traceInput = ProcessInfo.processInfo.environment["X11PAINT_TRACE"] != nil
    private let traceFrames = ProcessInfo.processInfo.environment["X11PAINT_TRACE_FRAMES"] != nil
    private let selections: X11Selections
    private var scenes: SceneCoordinator!
    /// The desktop's file dialog through the XDG portal, on the session bus this loop polls.
    private let portal: PortalFileChooser
    /// The pen, the palette and the window's size, kept between runs.
    private let settingsFile = SettingsFile()
    /// Writes them as they change (a second after input), so a kill loses at most that second.
    private var settingsKeeper: SettingsKeeper?
    /// Where the input method was last told the caret is (window pixels).
    private var inputSpot: (Int32, Int32)?

    // Before the loop runs (and when the last drawing is back), the views are laid out, never
    // rendered: a render here took the window's dirty regions without presenting them, and a
    // start whose FILE failed to open showed no toolbar and no bottom bar until something else
    // redrew them.

    /// Drawing together (File → Share…, Join…), when the app offers it.
    private let sharing: DocumentSharing?
    private let sessionStart: (host: Bool, join: String?, play: String?, playSpeed: Double)

    public init(options: Options, sharing makeSharing: ((@escaping (@escaping () -> Void) -> Void) -> DocumentSharing)? = nil) throws {
        let remembered = settingsFile.load()
        var size = options.size
        if !options.sizeGiven, let width = remembered.settings.windowWidth, let height = remembered.settings.windowHeight,
           width >= Options.smallestSize.width, height >= Options.smallestSize.height,
           width <= Options.largestSize.width, height <= Options.largestSize.height {
            size = Size(width: width.rounded(), height: height.rounded())
        }
        x11 = try X11Display(size: size, minimumSize: DrawingBoardViewController.minimumSize, title: "X11Paint")
        presenter = Presenter(x11: x11)
        translator = InputTranslator(deleteWindowAtom: x11.deleteWindowAtom, scale: x11.scale)
        window = Window(size: x11.size, scale: x11.scale,
                        backbufferMaker: { [presenter] width, height in presenter.sharedBackbuffer(width: width, height: height) })
        xinput = XInput2Translator(scrollAxesOfDevice: { [x11] device in Self.scrollAxes(of: device, display: x11.display) },
                                   penAxesOfDevice: { [x11] device in Self.penAxes(of: device, display: x11.display) })
        xinput.displayScale = x11.scale
        let first = DrawingBoardViewController(store: PicturesArtworkStore())
        tabs = DocumentTabsController(first: first, makeBoard: { DrawingBoardViewController(store: PicturesArtworkStore()) })
        first.screenPixelSize = x11.screenPixels
        window.rootViewController = tabs
        sharing = makeSharing?({ [application = window.application] work in application.post(work) })
        tabs.sharing = sharing
        sessionStart = (options.host, options.join, options.play, options.playSpeed)
        BoardSettings.apply(remembered.settings, problem: remembered.problem, to: first)
        first.documentController.recentlyUsed = RecentlyUsed()
        pointer = PointerTranslator(window: window)
        window.onCursorChange = { [x11] cursor in x11.setCursor(cursor) }
        window.onTitleChange = { [x11] title in x11.setTitle(title) }
        window.onFullScreenChange = { [x11] on in x11.setFullScreen(on) }
        x11.setTitle(window.title)
        selections = X11Selections(display: x11.display, window: x11.window, scheduler: window.application.scheduler)
        first.pasteboard = selections
        window.application.pasteboard = selections
        portal = PortalFileChooser(address: PortalFileChooser.sessionBusAddress(environment: ProcessInfo.processInfo.environment),
                                   schedule: { [scheduler = window.application.scheduler] delay, action in _ = scheduler.schedule(after: delay, action) })
        portal.parentWindow = "x11:" + String(x11.window, radix: 16)
        first.fileDialogs.desktop = portal
        selections.onDrop = { [tabs] paths in tabs.current.openDroppedFiles(paths) }
        // Touchscreens, touchpad gestures and smooth scrolling when the server has XInput 2.2 /
        // 2.4; else the core pointer.
        var pointerThroughXInput2: Int32 = 0
        _ = x11shim_select_xi2(x11.display, x11.window, &xinputOpcode, &pointerThroughXInput2)
        // Typing any script: through an X input method when one runs (XMODIFIERS=@im=fcitx).
        translator.inputContext = x11shim_create_input_context(x11.display, x11.window)
        if let context = translator.inputContext {
            if x11shim_input_is_over_the_spot(context) != 0 { Log.info("the input method shows what is being composed at the caret (over the spot)") }
        } else {
            Log.info("no X input method for this locale: text comes from the keys' symbols")
        }
        if pointerThroughXInput2 == 0 { Log.info("XInput 2.2 is missing: the pointer comes as core events, without smooth scrolling") }
        isDemo = options.demo
        if !isDemo {
            settingsKeeper = SettingsKeeper(currentBoard: { [tabs] in tabs.current }, file: settingsFile, written: remembered.problem == nil ? remembered.settings : nil,
                                            windowSize: { [window] in window.frame.size })
        }
        latency = options.reportLatency ? LatencyRecorder() : nil
        if options.preloadStrokes > 0 {
            // Benchmarks: a big drawing in muted colours, journaled as users run the app.
            window.layoutIfNeeded()
            board.canvas.load(SyntheticDocument.strokes(count: options.preloadStrokes, size: board.canvas.bounds.size,
                                                        palette: SyntheticDocument.mutedColors))
        }
        // The demo works on a throw-away document.
        if !options.demo {
            openJournal(environment: ProcessInfo.processInfo.environment, thenOpen: options.files)
            // A save killed half-way left a hidden temporary in Pictures; a minute on it is stale.
            AtomicFileWriter.removeStaleTemporaries(in: board.picturesFolder, olderThan: 60)
        } else {
            Self.announceReady(environment: ProcessInfo.processInfo.environment)
        }
        if isDemo {
            window.layoutIfNeeded()
            demoSteps = DemoScript.steps(for: board)
        }
        if let zoom = options.zoomPercent {
            window.layoutIfNeeded()
            board.canvas.setZoom(zoom / 100)
        }
        scenes = SceneCoordinator(window: window, tabs: tabs, environment: ProcessInfo.processInfo.environment)
        if options.scene != .board { scenes.show(options.scene) }
        if let photo = options.photo {
            window.layoutIfNeeded()
            board.openPhoto(path: photo)
        }
    }

    /// Runs until the window is closed (or the demo ends). Returns the exit status.
    public func run() -> Int32 {
        tabs.onQuit = { [unowned self] in self.running = false }
        let application = window.application
        let termination = x11shim_install_termination_handler()
        var descriptors = [pollfd(fd: x11.fileDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: application.wakeFileDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: termination, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: -1, events: 0, revents: 0)]
        while running {
            // The session bus's socket, while there is one (poll skips a negative descriptor).
            descriptors[3] = pollfd(fd: portal.fileDescriptor ?? -1, events: Int16(POLLIN) | (portal.wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
            if x11shim_termination_requested() != 0 { break }
            drainEvents()
            if !running { break }
            application.tick()
            if window.needsDisplay {
                let t0 = application.clock.now
                let regions = window.render()
                let t1 = application.clock.now
                presenter.present(window.backbuffer, regions: regions)
                followCaretWithInputMethod()
                if traceFrames {
                    // The events it shows: the benchmarks give the server's floor each event's frame size.
                    print(String(format: "frame: render %.1f ms, present %.1f ms, %d events, %d px", (t1 - t0) * 1000,
                                 (application.clock.now - t1) * 1000, latency?.waitingCount ?? 0, regions.reduce(0) { $0 + $1.width * $1.height }))
                }
            }
            latency?.presented()
            if isDemo {
                if demoSteps.isEmpty { return finishDemo() }
                window.send(demoSteps.removeFirst())
                _ = poll(&descriptors, 4, 8)
            } else if XPending(x11.display) == 0 {
                // Sleep until input, the next timer or the next animation frame; idle is 0% CPU.
                var timeout: Int32 = -1
                if let wakeUp = application.nextWakeUp() {
                    timeout = Int32(max(0, min(1000, ((wakeUp - application.clock.now) * 1000).rounded(.up))))
                }
                _ = poll(&descriptors, 4, timeout)
            }
            if descriptors[3].revents != 0 {
                portal.pump()
                // A chosen file changes the folder remembered.
                settingsKeeper?.inputArrived()
            }
        }
        // Every orderly end (a signal, the window closed) keeps the strokes in progress and
        // finishes the saves still running, in every tab.
        tabs.flushJournals()
        tabs.finishSaves()
        settingsKeeper?.waitUntilWritten()
        if !isDemo { BoardSettings.save(board, to: settingsFile, windowSize: window.frame.size) }
        // What was copied stays pasteable after the window goes, if a clipboard manager runs.
        selections.owner.handOverToClipboardManager()
        latency?.report()
        return 0
    }

    /// The input method's pre-edit where the caret is now (the spot moves only when the caret did).
    private func followCaretWithInputMethod() {
        guard let context = translator.inputContext, let caret = window.textInputCaret else { return }
        let spot = (Int32((caret.minX * window.scale).rounded()), Int32((caret.maxY * window.scale).rounded()))
        if let last = inputSpot, last == spot { return }
        inputSpot = spot
        x11shim_set_input_spot(context, spot.0, spot.1)
    }

    private func drainEvents() {
        var event = XEvent()
        latency?.batchBegan()
        // Input may change what the settings keep (the pen, the palette, the window's size).
        if XPending(x11.display) > 0 { settingsKeeper?.inputArrived() }
        while XPending(x11.display) > 0 {
            XNextEvent(x11.display, &event)
            // The input method sees keys first and may keep them (composing a character).
            if XFilterEvent(&event, 0) != 0 { continue }
            if event.type == GenericEvent && event.xcookie.extension == xinputOpcode {
                handleXInput2(&event)
                continue
            }
            if selections.handle(&event) { continue }
            let serverTime = event.type == MotionNotify ? UInt(event.xmotion.time) : event.type == ButtonPress ? UInt(event.xbutton.time) : 0
            switch translator.translate(&event) {
            case .pointer(let event):
                handlePointer(event, serverTime: serverTime, through: "core")
            case .key(let key):
                if key.key == .escape { pointer.cancel(timestamp: window.application.clock.now) }
                // Space held pans the canvas, unless a focused button took it as a press.
                if !window.send(key) && key.key == .character(" ") && key.modifiers.isEmpty { pointer.panKeyHeld = true }
            case .keyUp(let key):
                if key == .character(" ") { pointer.panKeyHeld = false }
            case .resize(let size): window.resize(to: size)
            case .expose(let rect): window.setNeedsDisplay(rect)
            case .close:
                // The question about unsaved changes is the drawing board's, once for every tab.
                if tabs.isModified { scenes.show(.board) }
                board.quit()
            case .none: break
            }
        }
    }

    /// Crash recovery: restore what the last session left (read in the background while the
    /// window shows) and journal from then on.
    /// Scripts and the end-to-end tests wait for X11PAINT_READY_FILE: from now on input is taken
    /// (until the journal is read the canvas ignores it, so nothing is drawn under it).
    private static func announceReady(environment: [String: String]) {
        if let ready = environment["X11PAINT_READY_FILE"] { _ = FileManager.default.createFile(atPath: ready, contents: nil) }
    }

    private func openJournal(environment: [String: String], thenOpen files: [String]) {
        guard environment["X11PAINT_NO_JOURNAL"] == nil else {
            Self.announceReady(environment: environment)
            open(files)
            return startSession()
        }
        window.layoutIfNeeded()
        tabs.restore(fromStateFolder: DocumentJournal.stateFolder(environment: environment), completion: { [tabs, weak self] opening in
            // The last drawing is back first: opening a file asks before replacing unsaved work.
            defer {
                self?.open(files)
                self?.startSession()
                Self.announceReady(environment: environment)
            }
            if !opening.recovery.isEmpty { Log.info("restored \(tabs.boards[0].canvas.document.items.count) items from \(opening.folder)") }
            if let problem = opening.problem { Log.warning("crash recovery is off: \(problem)") }
            if let aside = opening.damagedJournalName { Log.warning("the damaged journal was kept as \(opening.folder)/\(aside)") }
            if !opening.recovery.missingPictures.isEmpty {
                Log.warning("missing or damaged pictures (placeholders shown): \(opening.recovery.missingPictures.joined(separator: ", "))")
            }
            if opening.slot > 1 { Log.info("another window holds the first journal; this one records in \(opening.folder)") }
        })
        X11App.emergencyFlush = { [tabs] in
            tabs.flushJournals()
            tabs.finishSaves()
        }
    }

    /// --host shares the drawing and prints its invitation; --join LINK joins in a new tab, and
    /// --play RECORDING plays one.
    private func startSession() {
        guard let sharing else { return }
        if sessionStart.host {
            let board = self.board
            sharing.share(board) { result in
                switch result {
                case .success(let link):
                    print(link)
                    board.pasteboard?.provideText(link)
                    board.showStatus(tr("Shared: the invitation link is on the clipboard"))
                case .failure(let failure):
                    Log.warning("could not share the drawing: \(failure)")
                    board.showStatus(tr("Could not share the drawing: %@", failure.description), isError: true)
                }
            }
        }
        if let link = sessionStart.join { board.sharingCommands.join(link) }
        if let recording = sessionStart.play { board.sharingCommands.play(recording, changesPerSecond: sessionStart.playSpeed) }
    }

    /// Each file given on the command line opens in a tab of its own, the last one current.
    private func open(_ files: [String]) {
        guard !files.isEmpty else { return }
        window.layoutIfNeeded()
        tabs.open(files)
    }

    /// Run by the connection-lost handler before the process exits.
    nonisolated(unsafe) public static var emergencyFlush: (() -> Void)?

    private func handlePointer(_ event: PointerEvent, serverTime: UInt, through path: String) {
        if traceInput { print("x11paint: pointer (\(path)) \(event.kind) at \(event.location) \(event.modifiers)") }
        switch event.kind {
        case .motion, .wheel, .scroll: latency?.arrived(serverTime: serverTime)
        default: break
        }
        if event.kind == .leave { xinput.pointerLeft() }
        pointer.handle(event)
    }

    private static func scrollAxes(of device: Int32, display: OpaquePointer) -> [XInput2Translator.ScrollAxis] {
        var valuators = [Int32](repeating: 0, count: 8), vertical = [Int32](repeating: 0, count: 8)
        var increments = [Double](repeating: 0, count: 8)
        let count = Int(x11shim_scroll_axes(display, device, &valuators, &vertical, &increments, 8))
        return (0..<count).map { XInput2Translator.ScrollAxis(valuator: Int(valuators[$0]), isVertical: vertical[$0] != 0, increment: increments[$0]) }
    }

    private static func penAxes(of device: Int32, display: OpaquePointer) -> XInput2Translator.PenAxes? {
        var valuator: Int32 = 0, minimum = 0.0, maximum = 0.0, isEraser: Int32 = 0
        var tilts: [Int32] = [-1, -1], ranges = [Double](repeating: 0, count: 4)
        guard x11shim_pen_axes(display, device, &valuator, &minimum, &maximum, &isEraser, &tilts, &ranges) != 0 else { return nil }
        var axes = XInput2Translator.PenAxes(pressureValuator: Int(valuator), minimum: minimum, maximum: maximum, isEraser: isEraser != 0)
        if tilts[0] >= 0 && tilts[1] >= 0 {
            axes.tilt = .init(xValuator: Int(tilts[0]), yValuator: Int(tilts[1]), xRange: ranges[0]...ranges[1], yRange: ranges[2]...ranges[3])
        }
        return axes
    }

    private func handleXInput2(_ event: inout XEvent) {
        guard XGetEventData(x11.display, &event.xcookie) != 0, let data = event.xcookie.data else { return }
        defer { XFreeEventData(x11.display, &event.xcookie) }
        switch xinput.translate(evtype: event.xcookie.evtype, data: data) {
        case .touch(let input): window.send([input])
        case .transform(let transform): window.send(transform)
        case .pointer(let events, let serverTime):
            for event in events { handlePointer(event, serverTime: serverTime, through: "XI2") }
        case .none: break
        }
    }

    private func finishDemo() -> Int32 {
        board.finishSaves()
        guard let path = board.documentController.lastSavedPath else {
            Log.warning("the demo could not save its drawing")
            return 1
        }
        print("Demo finished. The drawing was saved to: \(path)")
        return 0
    }
}
