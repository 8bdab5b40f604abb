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
                                        EyedropperBrush(), FillBrush(), TextBrush(), SelectBrush(), LassoBrush(), RoundedRectangleBrush(),
                                        ArrowBrush(), EllipseSelectBrush(), GradientBrush(), SprayBrush(), PolygonBrush(), CurveBrush(), MagicWandBrush(),
                                        PaintBrush(), SmudgeBrush(), CloneStampBrush(), RecolorBrush()]
    public static let eraserIndex = 5
    public static let eyedropperIndex = 6
    /// A document opened from a file larger than this is reduced while it is read (and says so).
    public static let maximumDocumentPixels = DocumentExport.maximumPixels
    /// Where the photo picker starts.
    public var picturesFolder: String
    /// `$HOME`: where a typed `~/` points.
    public var home = HomeFolder.resolve()
    /// The photo being placed, if any.
    public var photoPlacement: PhotoPlacementView? { photoController.placement }
    /// Ends the app (the platform sets it): after a close the user agreed to.
    public var onQuit: (() -> Void)?
    /// Shows another scene (View's menu; the scenes' coordinator sets it).
    public var onShowScene: ((Scene) -> Void)?
    /// The platform's clipboard, for Ctrl+V.
    public weak var pasteboard: Pasteboard?
    /// The desktop's thumbnail cache the choosers read and add to.
    public var thumbnailCache: ThumbnailCache? = ThumbnailCache()
    /// The screen's size in pixels (the platform tells it), offered by New.
    public var screenPixelSize: (width: Int, height: Int)?
    /// The window's tabs, when the board is one of them.
    public weak var tabs: DocumentTabs?
    /// The tabs' strip, shown under the toolbar while this board is the current tab.
    public var tabStrip: View? {
        didSet {
            if oldValue?.superview === view { oldValue?.removeFromSuperview() }
            if let tabStrip { view.insertSubview(tabStrip, at: view.subviews.firstIndex { $0 === toolbar } ?? 0) }
            view.setNeedsLayout()
        }
    }
    /// The application the window's tabs run in: a board behind another tab is out of the
    /// window, and its work still ends on the UI thread (the tabs set it).
    weak var application: Application?
    private let store: ArtworkStore

    public init(store: ArtworkStore, picturesFolder: String = PicturesFolder.resolve(environment: ProcessInfo.processInfo.environment)) {
        self.store = store
        self.picturesFolder = picturesFolder
        super.init()
    }

    // The document (its controller knows no view), what the window does for it, and the
    // commands, each in a type of its own.
    public private(set) lazy var documentController: DocumentController = {
        let controller = DocumentController(store: store)
        controller.work = workInProgress
        return controller
    }()
    private lazy var workInProgress = BoardWorkInProgress(board: self)
    lazy var documentWindow = DocumentWindowController(board: self, document: documentController)
    lazy var reading = PictureReading(board: self)
    lazy var layeredReading = LayeredFileReading(board: self)
    lazy var fileCommands = FileCommands(board: self)
    lazy var pen = PenController(board: self)
    lazy var fullScreen = FullScreenBars(board: self)
    lazy var selectionCommands = SelectionCommands(board: self)
    lazy var pointer = PointerFollower(board: self)
    lazy var mainMenu = MainMenuController(board: self)
    lazy var history = HistoryCommands(board: self)
    lazy var layerCommands = LayerCommands(board: self)
    lazy var imageCommands = ImageCommands(board: self)
    lazy var adjustmentCommands = AdjustmentCommands(board: self)
    lazy var zoomCommands = ZoomCommands(board: self)
    lazy var besideWork = BesideWork(board: self)
    lazy var docked = DockedPanels(board: self)
    var layersPanel: LayersPanelController { docked.layers }
    public private(set) lazy var fileDialogs = FileDialogs(board: self)
    /// The others in a shared drawing: their pointers, and where this window's is.
    public private(set) lazy var peers = PeerPresence(board: self)

    // MARK: - Lifecycle

    public override func viewDidLoad() {
        view.backgroundColor = .white
        _ = documentWindow // the title follows the document's name and unsaved mark from now on
        view.addSubview(canvas)
        view.addSubview(toolbar)
        view.addSubview(bottomBarController.view)
        view.addSubview(messageLine)
        addChild(bottomBarController)
        selectColor(at: 0)
        updateUndoAvailability()
    }

    public override func viewDidAppear() {
        documentWindow.updateTitle()
        if let window = view.window { pointer.watch(window) }
    }

    public override func viewWillLayoutSubviews() { BoardLayout.layout(self) }

    // MARK: - Keys

    public override func keyDown(_ event: KeyEvent) -> Bool {
        BoardKeys.handle(event, on: self) || super.keyDown(event)
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

    // Undo, redo, clear and the shake: HistoryCommands says what each did.
    public func shakeToUndo() { history.shakeToUndo() }
    public func clear() { history.clear() }
    public func undo() { history.undo() }
    public func redo() { history.redo() }

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
        let application = view.window?.application ?? self.application
        return { work in
            if let application { application.post(work) } else { work() }
        }
    }

    /// How long a message stays before it fades (errors stay until the next message).
    public static let statusDuration = MessageLine.duration

    public func showStatus(_ text: String, isError: Bool = false) { messageLine.show(text, isError: isError) }

    func updateUndoAvailability() { history.updateAvailability() }

    // MARK: - Subviews

    public private(set) lazy var canvas: CanvasView = {
        let canvas = CanvasView(content: documentController.content)
        canvas.strokeWidth = 6
        canvas.onDocumentChange = { [unowned self] in
            self.updateUndoAvailability()
            self.docked.documentChanged()
        }
        canvas.content.onLockedLayer = { [unowned self] in self.layerCommands.lockedLayerTouched() }
        canvas.onDrawingBegan = { [unowned self] in
            self.recorder?.drawingBegan()
            self.fullScreen.drawingBegan()
        }
        canvas.onViewportChange = { [unowned self] in
            self.bottomBarController.show(zoom: self.canvas.zoom, turn: self.canvas.viewport.rotation, mirrored: self.canvas.viewport.isMirrored)
            // Zoomed or scrolled under a still pointer: another pixel is under it now.
            if let location = self.view.window?.pointerLocation { self.pointer.showPointerPixel(at: location) }
        }
        canvas.onDrawingEnded = { [unowned self] in
            self.recorder?.drawingEnded()
            self.fullScreen.drawingEnded()
        }
        canvas.eyedropper.onPicked = { [unowned self] color, secondary in self.pen.colorPicked(color, secondary: secondary) }
        canvas.selectionTool.onLift = { [unowned self] in self.selectionCommands.liftSelection() }
        canvas.selectionTool.onDragLifted = { [unowned self] delta in self.photoController.moveLifted(by: delta) }
        var hadSelection = false
        canvas.selectionTool.onChange = { [unowned self] in
            self.selectionCommands.selectionChanged(hadSelection: hadSelection)
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
        bar.onMenu = { [unowned self] in self.mainMenu.show(byKey: false) }
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
                                                  maximumPixels: { [unowned self] in self.fileCommands.maximumPhotoPixels },
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
        bar.onChooseColor = { [unowned self] secondary in self.panels.showPalette(editingSecondary: secondary) }
        bar.onSwapColors = { [unowned self] in self.pen.swapColors() }
        bar.onZoom = { [unowned self] in self.zoomCommands.choose() }
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
                                              maximumPixels: { [unowned self] in self.fileCommands.maximumPhotoPixels },
                                              deliver: { [unowned self] in self.postToUIThread })
        panels.onWidthChange = { [unowned self] width in self.setStrokeWidth(width) }
        panels.onColorChange = { [unowned self] color, secondary in self.pen.setColor(color, secondary: secondary) }
        panels.onShapeFillChange = { [unowned self] fill in self.canvas.shapeFill = fill }
        panels.onFillToleranceChange = { [unowned self] tolerance in self.canvas.fillTolerance = tolerance }
        panels.onChooseBackground = { [unowned self] in self.fileCommands.chooseBackground() }
        return panels
    }()

    public var brushSettings: BrushSettingsView { panels.brushSettings }
    public var brushPanel: SettingsPanel { panels.brushPanel }
    public var backgroundSettings: BackgroundSettingsView { panels.backgroundSettings }
    public var backgroundPanel: SettingsPanel { panels.backgroundPanel }
}
