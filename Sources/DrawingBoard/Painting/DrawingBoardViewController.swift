import Foundation

/// The drawing board of seeds 000 and 003: a toolbar on top (commands, the tool picker,
/// settings), the canvas, and a bottom bar with three colour buttons and the width slider.
public final class DrawingBoardViewController: ViewController {
    public static let palette: [Color] = [.red, .green, .blue]
    public static let toolbarHeight = 44.0
    public static let bottomBarHeight = 100.0
    /// The smallest window (in points) at which every control shows whole; the window manager
    /// is asked not to go below it.
    public static let minimumSize = Size(width: 480, height: 360)
    /// The seed's spacing around and between the colour buttons.
    public static let colorButtonMargin = 20.0
    /// The tools of seed 003, in the order of the tool picker.
    public static let tools: [Brush] = [PencilBrush(), LineBrush(), DashedLineBrush(), RectangleBrush(), EllipseBrush(), EraserBrush(),
                                        EyedropperBrush(), FillBrush(), TextBrush(), SelectBrush(), LassoBrush()]
    public static let eraserIndex = 5
    public static let eyedropperIndex = 6
    /// Full-screen drawing brings the bars back this long after a stroke ends.
    public static let barsReturnDelay = 1.0

    let saver: BackgroundSaver
    /// Reads and decodes pictures in the background.
    let photoOpener = PhotoOpener()
    var openingProgressTimer: Scheduler.Timer?
    /// Crash recovery being read in the background (nil once the drawing is back).
    var restoring: DispatchGroup?
    /// Ctrl+S was pressed while it was read: save once it is back.
    var saveWhenRestored = false
    /// Where the photo picker starts.
    public var picturesFolder: String
    /// `$HOME`: where a typed `~/` points.
    public var home = HomeFolder.resolve()
    public internal(set) var lastSavedPath: String?
    /// Runs after each save, on the UI thread (tests, the demo).
    public var onSaveFinished: ((Result<String, Error>) -> Void)?
    /// The photo being placed, if any.
    public var photoPlacement: PhotoPlacementView? { photoController.placement }
    /// The platform's clipboard, for Ctrl+V.
    public weak var pasteboard: Pasteboard?
    private var shake = ShakeDetector()
    private var watchingShakes = false
    /// The tool to go back to after the eyedropper took a colour.
    var toolBeforeEyedropper = 0
    /// Writes every change to the crash-recovery journal.
    public internal(set) var recorder: RecoveryRecorder?
    public var journal: DocumentJournal? { recorder?.journal }
    var barsTimer: Scheduler.Timer?
    public internal(set) var barsHidden = false
    /// The screen's size in pixels (the platform tells it), offered by New.
    public var screenPixelSize: (width: Int, height: Int)?
    /// The document's name (the file it was opened from; nil: untitled).
    public internal(set) var documentName: String?
    /// Changes made, and how many of them the last save held (the title's unsaved mark).
    var editCount = 0
    /// The documents crops replaced, for Ctrl+Z (most recent last).
    var documentsBeforeCrop: [Document] = []
    var savedEditCount = 0
    /// Which document is open (New and Open make another): a save that ends after the
    /// document was replaced does not mark the new one saved or rename it.
    var documentGeneration = 0

    public init(store: ArtworkStore, picturesFolder: String = PicturesFolder.resolve(environment: ProcessInfo.processInfo.environment)) {
        saver = BackgroundSaver(store: store)
        self.picturesFolder = picturesFolder
        super.init()
    }

    // MARK: - Lifecycle

    public override func viewDidLoad() {
        view.backgroundColor = .white
        view.addSubview(canvas)
        view.addSubview(toolbar)
        view.addSubview(bottomBarController.view)
        view.addSubview(messageLine)
        addChild(bottomBarController)
        selectColor(at: 0)
        updateUndoAvailability()
    }

    public override func viewDidAppear() {
        updateTitle()
        guard !watchingShakes, let window = view.window else { return }
        watchingShakes = true
        window.addHoverObserver { [weak self] location, time in
            guard let self, self.view.window != nil else { return }
            if self.shake.add(x: location.x, at: time) { self.shakeToUndo() }
            self.followPointer(to: location)
        }
        window.addLeaveObserver { [weak self] in
            self?.canvas.brushOutlineCenter = nil
            self?.bottomBarController.pointerPixel = nil
        }
        // The readout follows every motion, drags included.
        window.addMotionObserver { [weak self] location in self?.showPointerPixel(at: location) }
        window.addPressObserver { [weak self] _ in self?.shake.reset() }
    }

    /// The brush's outline follows the pointer while it is over the canvas itself (not a bar,
    /// a panel or a photo being placed over it), and the bottom bar says where it is.
    private func followPointer(to location: Point) {
        guard let window = view.window else { return }
        let overCanvas = window.hitTest(location) === canvas
        canvas.brushOutlineCenter = overCanvas ? canvas.convert(location, from: nil) : nil
    }

    /// The document pixel under a window point, in the bottom bar (none off the canvas). A drag
    /// stays over the canvas it began on, whatever lies on top.
    func showPointerPixel(at location: Point) {
        let inCanvas = canvas.convert(location, from: nil)
        let overCanvas = canvas.bounds.contains(inCanvas) && (canvas.isDrawing || view.window?.hitTest(location) === canvas)
        bottomBarController.pointerPixel = overCanvas ? canvas.documentPixel(at: inCanvas) : nil
    }

    public override func viewWillLayoutSubviews() {
        let bounds = view.bounds
        let toolbarY = barsHidden ? -Self.toolbarHeight : 0
        let bottomY = barsHidden ? bounds.height : bounds.height - Self.bottomBarHeight
        toolbar.frame = Rect(x: 0, y: toolbarY, width: bounds.width, height: Self.toolbarHeight)
        bottomBar.frame = Rect(x: 0, y: bottomY, width: bounds.width, height: Self.bottomBarHeight)
        // In full-screen drawing the canvas takes the whole window and the bars float over it.
        canvas.frame = isFullScreen
            ? bounds
            : Rect(x: 0, y: Self.toolbarHeight, width: bounds.width, height: max(0, bounds.height - Self.toolbarHeight - Self.bottomBarHeight))
        photoController.layout()
        messageLine.frame = Rect(x: 0, y: bounds.height - Self.bottomBarHeight - 44, width: bounds.width, height: 44)
        panels.layout()
    }

    // MARK: - Keys

    public override func keyDown(_ event: KeyEvent) -> Bool {
        // Until the last drawing is back, a change made now would be lost under it; a save asked
        // for meanwhile runs once it is back (it would otherwise save an empty drawing).
        guard !isRestoring else {
            guard event.key == .character("s"), event.modifiers == .control else { return super.keyDown(event) }
            saveWhenRestored = true
            showStatus(tr("Saving once the last drawing is back…"))
            return true
        }
        switch (event.key, event.modifiers) {
        case (.character("z"), .control): undo()
        case (.character("z"), [.control, .shift]), (.character("y"), .control): redo()
        case (.character("s"), .control): save()
        case (.character("s"), [.control, .shift]): chooseSaveAs()
        case (.delete, []): if canvas.hasSelection { clearSelection() } else { clear() }
        case (.character("a"), .control): selectAll()
        case (.character("a"), [.control, .shift]): deselect()
        case (.character("c"), .control): copySelection()
        case (.character("x"), .control): cutSelection()
        case (.character("x"), [.control, .shift]): cropToSelection()
        case (.character("="), .control), (.character("="), [.control, .shift]), (.character("+"), .control),
             (.character("+"), [.control, .shift]): canvas.zoomIn()
        case (.character("-"), .control): canvas.zoomOut()
        case (.character("0"), .control): canvas.zoomToFit()
        case (.character("1"), []): canvas.setZoom(1)
        // [ and ] (Ctrl+[ and Ctrl+] while typing, when the brackets are text, as LibreOffice
        // does): the width, or the text's size with Text.
        case (.character("["), []), (.character("["), .control): stepPenSize(by: -1)
        case (.character("]"), []), (.character("]"), .control): stepPenSize(by: 1)
        case (.escape, []):
            if photoOpener.isOpening { cancelOpening() } else if photoPlacement != nil { cancelPhoto() } else if canvas.isDrawing {
                canvas.cancelStroke()
            } else if !panels.dismissOpenPanel() {
                // Panels close first, as popovers do; then the selection goes.
                deselect()
            }
        case (.enter, []) where photoPlacement != nil: bakePhoto()
        case (.character("n"), .control): chooseNewDocument()
        case (.character("o"), .control): chooseDocument()
        case (.character("o"), [.control, .shift]): choosePhoto()
        case (.character("v"), .control): pastePhoto()
        case (.character(let key), []) where Self.tools.contains { $0.key == key }:
            selectTool(at: Self.tools.firstIndex { $0.key == key }!)
        default: return super.keyDown(event)
        }
        return true
    }

    // MARK: - Actions

    /// Shows a photo over the canvas, fitted inside it, ready to move, pinch and rotate.
    /// `originalSize` is the file's size when the photo was reduced while it was read.
    public func placePhoto(_ original: Photo, originalSize: (width: Int, height: Int)? = nil) {
        photoController.place(original, originalSize: originalSize)
    }

    /// Bakes the photo being placed where it shows now (Enter).
    public func bakePhoto() { photoController.bake() }

    public func cancelPhoto() { photoController.drop() }

    /// Crop mode: the next drag over the photo keeps only what it covers.
    public func toggleCrop() { photoController.toggleCrop() }

    public func toggleCircleFrame() { photoController.toggleCircleFrame() }

    /// The desktop 摇一摇: a shake of the pointer undoes the last change, and says so.
    public func shakeToUndo() {
        guard photoPlacement == nil, let last = canvas.document.items.last else { return }
        if canvas.undo() { showStatus(tr("Shaken: undid %@ (Ctrl+Shift+Z puts it back)", last.userDescription)) }
    }

    public func clear() {
        if canvas.clear() { showStatus(tr("Cleared (Ctrl+Z brings it back)")) }
    }

    /// While a photo is being placed, Ctrl+Z works on it (its last move, scale, turn, crop or
    /// frame, then the photo itself), never on the drawing underneath.
    /// Each says what it did: the message about the change it takes back ("Cleared …") must
    /// not stay on screen as if it still held.
    public func undo() {
        if photoController.undo() { return }
        let last = canvas.document.items.last
        if canvas.undo() {
            if let last { showStatus(tr("Undid %@ (Ctrl+Shift+Z puts it back)", last.userDescription)) }
        } else {
            _ = undoCrop()
        }
    }

    /// Redo waits while a photo is being placed (the drawing's redo would go under it).
    public func redo() {
        guard photoPlacement == nil else { return }
        let next = canvas.redoItems.last
        if canvas.redo(), let next { showStatus(tr("Redid %@", next.userDescription)) }
    }

    public func showBrushSettings() { panels.showBrush() }

    public func showBackgroundSettings() { panels.showBackground() }

    public func showPalette() { panels.showPalette() }

    /// Loads a picture file as the background (see SettingsPanelsController).
    public func setBackgroundImage(path: String) { panels.setBackgroundImage(path: path) }

    /// Waits for a background picture being opened and sets it (tests; the app ending).
    public func finishOpeningBackground() {
        panels.waitForBackgroundPicture()
        view.window?.application.tick()
    }

    /// Hands work from a background queue (a save, a decode, the journal's writer) to the UI
    /// thread through the application's run loop.
    var postToUIThread: (@escaping () -> Void) -> Void {
        let application = view.window?.application
        return { work in
            if let application { application.post(work) } else { work() }
        }
    }

    /// How long a message stays before it fades (errors stay until the next message).
    public static let statusDuration = MessageLine.duration

    func showStatus(_ text: String, isError: Bool = false) { messageLine.show(text, isError: isError) }

    func updateUndoAvailability() {
        toolbarController.show(canClear: canvas.document.hasVisibleDrawing,
                               canUndo: canvas.document.items.count > (canvas.document.format?.historyStart ?? 0) || photoPlacement != nil
                                   || !documentsBeforeCrop.isEmpty,
                               canRedo: !canvas.redoItems.isEmpty && photoPlacement == nil)
    }

    // MARK: - Subviews

    public private(set) lazy var canvas: CanvasView = {
        let canvas = CanvasView()
        canvas.strokeWidth = 6
        canvas.onDocumentChange = { [unowned self] in
            self.updateUndoAvailability()
            self.documentChanged()
        }
        canvas.onDrawingBegan = { [unowned self] in self.drawingBegan() }
        canvas.onViewportChange = { [unowned self] in
            self.bottomBarController.zoom = self.canvas.zoom
            // Zoomed or scrolled under a still pointer: another pixel is under it now.
            if let location = self.view.window?.pointerLocation { self.showPointerPixel(at: location) }
        }
        canvas.onDrawingEnded = { [unowned self] in self.drawingEnded() }
        canvas.onColorPicked = { [unowned self] color in self.colorPicked(color) }
        canvas.onLiftSelection = { [unowned self] in self.liftSelection() }
        canvas.onDragLifted = { [unowned self] delta in self.photoController.moveLifted(by: delta) }
        var hadSelection = false
        canvas.onSelectionChange = { [unowned self] in
            self.selectionChanged(hadSelection: hadSelection)
            hadSelection = self.canvas.hasSelection
        }
        return canvas
    }()

    /// The toolbar on top.
    public private(set) lazy var toolbarController: BoardToolbarController = {
        let bar = BoardToolbarController()
        bar.onClear = { [unowned self] in self.clear() }
        bar.onUndo = { [unowned self] in self.undo() }
        bar.onRedo = { [unowned self] in self.redo() }
        bar.onEraser = { [unowned self] in self.toggleEraser() }
        bar.onPhoto = { [unowned self] in self.choosePhoto() }
        bar.onSave = { [unowned self] in self.save() }
        bar.onTool = { [unowned self] index in self.selectTool(at: index) }
        return bar
    }()

    public var toolbar: Toolbar { toolbarController.toolbar }
    public var clearButton: Button { toolbarController.clearButton }
    public var undoButton: Button { toolbarController.undoButton }
    public var redoButton: Button { toolbarController.redoButton }
    public var eraserButton: Button { toolbarController.eraserButton }
    public var photoButton: Button { toolbarController.photoButton }
    public var saveButton: Button { toolbarController.saveButton }
    public var toolPicker: SegmentedControl { toolbarController.toolPicker }
    public var toolPopUp: PopUpButton { toolbarController.toolPopUp }

    /// News above the bottom bar, with Cancel while a picture is being opened.
    public private(set) lazy var messageLine: MessageLine = {
        let line = MessageLine()
        line.onCancel = { [unowned self] in self.cancelOpening() }
        return line
    }()

    public var statusLabel: Label { messageLine.label }
    public var cancelOpeningButton: Button { messageLine.cancelButton }

    /// The photo being placed and its commands.
    public private(set) lazy var photoController: PhotoPlacementController = {
        let controller = PhotoPlacementController(host: view, canvas: canvas, below: { [unowned self] in self.toolbar },
                                                  maximumPixels: { [unowned self] in self.maximumPhotoPixels },
                                                  report: { [unowned self] text in self.showStatus(text) })
        controller.onChange = { [unowned self] in
            self.updateUndoAvailability()
            self.recorder?.pendingChanged()
        }
        return controller
    }()

    public var cropButton: Button { photoController.cropButton }

    /// The bottom bar (seed 000's colours and width; settings, zoom, the pen).
    public private(set) lazy var bottomBarController: BottomBarController = {
        let bar = BottomBarController()
        bar.onBrush = { [unowned self] in self.showBrushSettings() }
        bar.onBackground = { [unowned self] in self.showBackgroundSettings() }
        bar.onFullScreen = { [unowned self] in self.setFullScreen(!self.isFullScreen) }
        bar.onWidthChange = { [unowned self] width in self.setStrokeWidth(width) }
        bar.onColor = { [unowned self] index in self.selectColor(at: index) }
        bar.onPalette = { [unowned self] in self.showPalette() }
        return bar
    }()

    public var bottomBar: View { bottomBarController.view }
    public var colorButtons: [Button] { bottomBarController.colorButtons }
    public var brushButton: Button { bottomBarController.brushButton }
    public var backgroundButton: Button { bottomBarController.backgroundButton }
    public var fullScreenButton: Button { bottomBarController.fullScreenButton }
    public var widthSlider: Slider { bottomBarController.widthSlider }
    public var zoomLabel: Label { bottomBarController.zoomLabel }
    public var brushPreview: BrushPreviewView { bottomBarController.brushPreview }

    /// The Brush and Background panels.
    public private(set) lazy var panels: SettingsPanelsController = {
        let panels = SettingsPanelsController(host: view, canvas: canvas, home: { [unowned self] in self.home },
                                              maximumPixels: { [unowned self] in self.maximumPhotoPixels },
                                              deliver: { [unowned self] in self.postToUIThread })
        panels.onWidthChange = { [unowned self] width in self.setStrokeWidth(width) }
        panels.onColorChange = { [unowned self] color in self.setColor(color) }
        panels.onShapeFillChange = { [unowned self] fill in self.canvas.shapeFill = fill }
        panels.onFillToleranceChange = { [unowned self] tolerance in self.canvas.fillTolerance = tolerance }
        return panels
    }()

    public var brushSettings: BrushSettingsView { panels.brushSettings }
    public var brushPanel: SettingsPanel { panels.brushPanel }
    public var backgroundSettings: BackgroundSettingsView { panels.backgroundSettings }
    public var backgroundPanel: SettingsPanel { panels.backgroundPanel }
}
