/// The drawing board of seed 000: a toolbar on top, the canvas, and a bottom bar with three
/// colour buttons and a stroke-width slider.
public final class DrawingBoardViewController: ViewController {
    public static let palette: [Color] = [.red, .green, .blue]
    public static let toolbarHeight = 44.0
    public static let bottomBarHeight = 100.0
    /// The seed's spacing around and between the colour buttons.
    public static let colorButtonMargin = 20.0

    private let store: ArtworkStore
    private let pencil = PencilBrush()
    private let eraser = EraserBrush()
    public private(set) var lastSavedPath: String?

    public init(store: ArtworkStore) {
        self.store = store
        super.init()
    }

    // MARK: - Lifecycle

    public override func viewDidLoad() {
        view.backgroundColor = .white
        view.addSubview(canvas)
        view.addSubview(toolbar)
        view.addSubview(bottomBar)
        view.addSubview(statusLabel)
        bottomBar.addSubview(widthSlider)
        bottomBar.addSubview(widthLabel)
        for button in colorButtons { bottomBar.addSubview(button) }
        selectColor(at: 0)
        updateWidthLabel()
        updateUndoAvailability()
    }

    public override func viewWillLayoutSubviews() {
        let bounds = view.bounds
        toolbar.frame = Rect(x: 0, y: 0, width: bounds.width, height: Self.toolbarHeight)
        bottomBar.frame = Rect(x: 0, y: bounds.height - Self.bottomBarHeight, width: bounds.width, height: Self.bottomBarHeight)
        canvas.frame = Rect(x: 0, y: Self.toolbarHeight, width: bounds.width,
                            height: max(0, bounds.height - Self.toolbarHeight - Self.bottomBarHeight))
        statusLabel.frame = Rect(x: 0, y: canvas.frame.maxY - 28, width: bounds.width, height: 28)
        layoutBottomBar()
    }

    private func layoutBottomBar() {
        let margin = Self.colorButtonMargin
        let width = bottomBar.bounds.width
        widthLabel.frame = Rect(x: width - margin - 70, y: 8, width: 70, height: 30)
        widthSlider.frame = Rect(x: margin, y: 8, width: max(0, widthLabel.frame.minX - 2 * margin), height: 30)
        // Three buttons of equal size with equal 20 px gaps and margins, 20 px from the bottom.
        let buttonWidth = max(0, (width - 4 * margin) / 3)
        let buttonHeight = 32.0
        for (index, button) in colorButtons.enumerated() {
            button.frame = Rect(x: margin + Double(index) * (buttonWidth + margin),
                                y: Self.bottomBarHeight - margin - buttonHeight, width: buttonWidth, height: buttonHeight)
        }
    }

    // MARK: - Keys

    public override func keyDown(_ event: KeyEvent) -> Bool {
        switch (event.key, event.modifiers) {
        case (.character("z"), .control): undo()
        case (.character("z"), [.control, .shift]), (.character("y"), .control): redo()
        case (.character("s"), .control): save()
        case (.delete, []): clear()
        case (.character("["), []): setStrokeWidth(canvas.strokeWidth - 1)
        case (.character("]"), []): setStrokeWidth(canvas.strokeWidth + 1)
        case (.escape, []): canvas.cancelStroke()
        default: return super.keyDown(event)
        }
        return true
    }

    // MARK: - Actions

    public func clear() {
        if canvas.clear() { showStatus("Cleared (Ctrl+Z brings it back)") }
    }

    public func undo() {
        canvas.undo()
    }

    public func redo() {
        canvas.redo()
    }

    public func toggleEraser() {
        setEraser(!eraserButton.isSelected)
    }

    public func setEraser(_ on: Bool) {
        eraserButton.isSelected = on
        canvas.brush = on ? eraser : pencil
    }

    public func selectColor(at index: Int) {
        for (i, button) in colorButtons.enumerated() { button.isSelected = i == index }
        canvas.strokeColor = Self.palette[index]
        setEraser(false)
    }

    public func setStrokeWidth(_ width: Double) {
        widthSlider.value = width
        canvas.strokeWidth = widthSlider.value
        updateWidthLabel()
    }

    /// Saves the artwork as a PNG and tells the user where it went (or why it could not).
    @discardableResult
    public func save() -> String? {
        do {
            let path = try store.save(canvas.renderArtwork())
            lastSavedPath = path
            showStatus("Saved to \(path)")
            Log.info("saved \(path)")
            return path
        } catch {
            showStatus("\(error)", isError: true)
            Log.warning("\(error)")
            return nil
        }
    }

    /// How long a message stays before it fades (errors stay until the next message).
    public static let statusDuration = 6.0
    private var statusTimer: Scheduler.Timer?

    private func showStatus(_ text: String, isError: Bool = false) {
        statusLabel.text = "  " + text
        statusLabel.textColor = isError ? Color(r: 255, g: 210, b: 210) : .white
        statusLabel.backgroundColor = isError ? Color(r: 160, g: 20, b: 20, a: 220) : Color(r: 20, g: 20, b: 24, a: 190)
        statusLabel.isHidden = false
        statusLabel.alpha = 1
        statusTimer?.cancel()
        guard !isError else { return }
        statusTimer = view.window?.application.scheduler.schedule(after: Self.statusDuration) { [weak self] in
            guard let label = self?.statusLabel else { return }
            label.animate(duration: 0.4, animations: { label.alpha = 0 }, completion: { finished in
                if finished { label.isHidden = true }
            })
        }
    }

    private func updateWidthLabel() {
        widthLabel.text = "Width \(Int(canvas.strokeWidth.rounded()))"
    }

    private func updateUndoAvailability() {
        undoButton.isEnabled = !canvas.document.isEmpty
        redoButton.isEnabled = !canvas.redoItems.isEmpty
        clearButton.isEnabled = !canvas.document.visibleItems.isEmpty
    }

    // MARK: - Subviews

    public private(set) lazy var canvas: CanvasView = {
        let canvas = CanvasView()
        canvas.strokeWidth = 6
        canvas.onDocumentChange = { [unowned self] in self.updateUndoAvailability() }
        return canvas
    }()

    public private(set) lazy var clearButton: Button = makeButton("Clear") { [unowned self] in self.clear() }
    public private(set) lazy var undoButton: Button = makeButton("Undo") { [unowned self] in self.undo() }
    public private(set) lazy var redoButton: Button = makeButton("Redo") { [unowned self] in self.redo() }
    public private(set) lazy var eraserButton: Button = makeButton("Eraser") { [unowned self] in self.toggleEraser() }
    public private(set) lazy var photoButton: Button = {
        let button = makeButton("Photo") {}
        button.isEnabled = false
        return button
    }()
    public private(set) lazy var saveButton: Button = makeButton("Save") { [unowned self] in self.save() }

    public private(set) lazy var toolbar: Toolbar = {
        let toolbar = Toolbar()
        toolbar.items = [.button(clearButton), .button(undoButton), .button(redoButton), .button(eraserButton), .button(photoButton),
                         .flexibleSpace, .button(saveButton)]
        return toolbar
    }()

    public private(set) lazy var colorButtons: [Button] = Self.palette.enumerated().map { index, color in
        let button = Button()
        button.swatchColor = color
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.selectColor(at: index) }
        return button
    }

    public private(set) lazy var widthSlider: Slider = {
        let slider = Slider()
        slider.minimumValue = 1
        slider.maximumValue = 40
        slider.value = 6
        slider.addAction(for: .valueChanged) { [unowned self] control in
            self.setStrokeWidth((control as! Slider).value)
        }
        return slider
    }()

    private lazy var widthLabel: Label = Label()

    public private(set) lazy var bottomBar: View = {
        let bar = View()
        bar.backgroundColor = Color(r: 246, g: 246, b: 248)
        return bar
    }()

    public private(set) lazy var statusLabel: Label = {
        let label = Label()
        label.isHidden = true
        return label
    }()

    private func makeButton(_ title: String, action: @escaping () -> Void) -> Button {
        let button = Button(title: title)
        button.addAction(for: .touchUpInside) { _ in action() }
        return button
    }
}
