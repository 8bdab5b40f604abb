/// The bottom bar of seed 000: the settings buttons (Brush, Background, Full screen), the zoom
/// and the pointer's place in the document, the width slider with a swatch of the pen and its
/// width, and below them the three colour buttons of equal size 20 points apart. It shows what
/// the board tells it and reports what the user asks for; the board decides.
public final class BottomBarController: ViewController {
    /// The user asked for something.
    public var onBrush: (() -> Void)?
    public var onBackground: (() -> Void)?
    public var onFullScreen: (() -> Void)?
    public var onWidthChange: ((Double) -> Void)?
    public var onColor: ((Int) -> Void)?
    public var onPalette: (() -> Void)?
    /// A swatch of the pair was clicked (true: the secondary's), or its arrow (swap).
    public var onChooseColor: ((Bool) -> Void)?
    public var onSwapColors: (() -> Void)?
    /// A click on the zoom readout (the Zoom dialog).
    public var onZoom: (() -> Void)?

    /// The document pixel under the pointer (nil: not over the canvas), shown when there is room.
    public var pointerPixel: Point? { didSet { updateZoomLabel() } }
    /// Screen pixels per document pixel.
    public private(set) var zoom = 1.0
    /// The view's turn in degrees, and whether it is mirrored: the readout says so.
    private var turn = 0.0, mirrored = false

    public func show(zoom: Double, turn: Double, mirrored: Bool) {
        let turnedBefore = self.turn != 0 || self.mirrored
        (self.zoom, self.turn, self.mirrored) = (zoom, turn, mirrored)
        if turnedBefore != (turn != 0 || mirrored) { view.setNeedsLayout() }
        updateZoomLabel()
    }
    private var showsPointerPosition = false

    // MARK: - Lifecycle

    public override func viewDidLoad() {
        view.backgroundColor = Color(r: 246, g: 246, b: 248)
        for button in [brushButton, backgroundButton, fullScreenButton] { view.addSubview(button) }
        view.addSubview(zoomLabel)
        view.addSubview(widthSlider)
        view.addSubview(brushPreview)
        view.addSubview(widthLabel)
        for button in colorButtons { view.addSubview(button) }
        view.addSubview(colorPair)
        view.addSubview(paletteButton)
    }

    public override func viewWillLayoutSubviews() {
        let margin = DrawingBoardViewController.colorButtonMargin
        let width = view.bounds.width
        // Settings on the left, then the zoom, the width slider, the pen and its width.
        var x = margin - 8
        for button in [brushButton, backgroundButton, fullScreenButton] {
            // A narrow window: the buttons give up their extra room, as the toolbar's do.
            button.horizontalPadding = width < 640 ? Toolbar.tightPadding : 24
            button.frame = Rect(x: x, y: 6, width: button.intrinsicWidth, height: 34)
            x = button.frame.maxX + 2
        }
        // A narrow bar says only the number, so the slider keeps room to be dragged.
        compactWidthLabel = width < 560
        showWidth()
        let widthLabelWidth = compactWidthLabel ? 26.0 : 62.0
        widthLabel.frame = Rect(x: width - margin - widthLabelWidth, y: 8, width: widthLabelWidth, height: 30)
        brushPreview.frame = Rect(x: widthLabel.frame.minX - 40, y: 6, width: 34, height: 34)
        showsPointerPosition = width >= 760
        updateZoomLabel()
        let turned = turn != 0 || mirrored
        zoomLabel.frame = Rect(x: x + 8, y: 8, width: (showsPointerPosition ? 150 : 46) + (turned ? 58 : 0), height: 30)
        x = zoomLabel.frame.maxX
        widthSlider.frame = Rect(x: x + 8, y: 8, width: max(0, brushPreview.frame.minX - x - 16), height: 30)
        // Three buttons of equal size with equal 20 point gaps and margins, 20 points from the
        // bottom, then the primary/secondary pair and the palette button; edges on whole points.
        let buttonHeight = 32.0, paletteWidth = 44.0, pairWidth = ColorPairView.preferredSize.width, pairGap = 8.0
        let y = DrawingBoardViewController.bottomBarHeight - margin - buttonHeight
        let buttonWidth = max(0, ((width - 5 * margin - paletteWidth - pairWidth - pairGap) / 3).rounded(.down))
        for (index, button) in colorButtons.enumerated() {
            button.frame = Rect(x: margin + Double(index) * (buttonWidth + margin), y: y, width: buttonWidth, height: buttonHeight)
        }
        paletteButton.frame = Rect(x: width - margin - paletteWidth, y: y, width: paletteWidth, height: buttonHeight)
        colorPair.frame = Rect(x: paletteButton.frame.minX - pairGap - pairWidth, y: y, width: pairWidth, height: buttonHeight)
    }

    // MARK: - What it shows

    /// The two colours: the pair shows both.
    public func show(primary: Color, secondary: Color) {
        colorPair.primary = primary
        colorPair.secondary = secondary
    }

    /// The pen: its colour (marking the palette button that holds it, if any), width, and tool.
    public func show(color: Color, width: Double, isEraser: Bool) {
        showColor(color)
        brushPreview.width = width
        brushPreview.isEraser = isEraser
        brushPreview.showsText = false
        showsTextSize = false
        widthSlider.minimumValue = 1
        widthSlider.maximumValue = 40
        widthSlider.value = width
        showWidth()
    }

    /// With the text tool the slider is the text's size, and the swatch shows a letter.
    public func show(color: Color, textSize: Double, range: ClosedRange<Double>) {
        showColor(color)
        brushPreview.isEraser = false
        brushPreview.showsText = true
        showsTextSize = true
        widthSlider.minimumValue = range.lowerBound
        widthSlider.maximumValue = range.upperBound
        widthSlider.value = textSize
        showWidth()
    }

    private func showColor(_ color: Color) {
        brushPreview.color = color
        paletteButton.swatchColor = color
        for (i, button) in colorButtons.enumerated() { button.isSelected = DrawingBoardViewController.palette[i] == color }
    }

    private var compactWidthLabel = false
    private var showsTextSize = false

    private func showWidth() {
        let points = Int(widthSlider.value.rounded())
        widthLabel.text = compactWidthLabel ? "\(points)" : showsTextSize ? tr("Size %d", points) : tr("Width %d", points)
    }

    public var isFullScreenSelected: Bool {
        get { fullScreenButton.isSelected }
        set { fullScreenButton.isSelected = newValue }
    }

    /// "100%", and with room "100% · 512, 300" (the document pixel under the pointer).
    private func updateZoomLabel() {
        var text = "\(Int((zoom * 100).rounded()))%"
        // A turned view: its angle, and a mirrored one its mark.
        if turn != 0 { text += " \(Int(turn.rounded()))°" }
        if mirrored { text += " ↔" }
        if showsPointerPosition, let pixel = pointerPixel {
            text += " · \(Int(pixel.x.rounded(.down))), \(Int(pixel.y.rounded(.down)))"
        }
        zoomLabel.text = text
    }

    // MARK: - Subviews

    public private(set) lazy var brushButton: Button = Button(title: tr("Brush"), toolTip: tr("Brush: width, colour, opacity ([ and ] change the width)")) { [unowned self] in self.onBrush?() }
    public private(set) lazy var backgroundButton: Button = Button(title: tr("Background"), toolTip: tr("Background colour or picture")) { [unowned self] in self.onBackground?() }
    public private(set) lazy var fullScreenButton: Button = Button(title: tr("Full screen"), toolTip: tr("Draw on the whole window")) { [unowned self] in self.onFullScreen?() }

    public private(set) lazy var zoomLabel: Label = {
        let label = Label()
        label.textColor = Color(r: 70, g: 70, b: 76)
        label.toolTip = tr("Zoom: click to type one or pick one")
        let tap = TapGestureRecognizer()
        tap.addTarget { [unowned self] _ in self.onZoom?() }
        label.addGestureRecognizer(tap)
        label.isUserInteractionEnabled = true // a label takes no touches unless asked (UIKit's rule)
        return label
    }()

    public private(set) lazy var widthSlider: Slider = {
        let slider = Slider()
        slider.minimumValue = 1
        slider.maximumValue = 40
        slider.value = 6
        slider.addAction(for: .valueChanged) { [unowned self] control in self.onWidthChange?((control as! Slider).value) }
        return slider
    }()

    public private(set) lazy var brushPreview = BrushPreviewView()
    public private(set) lazy var widthLabel = Label()

    public private(set) lazy var colorPair: ColorPairView = {
        let pair = ColorPairView()
        pair.onChoose = { [unowned self] secondary in self.onChooseColor?(secondary) }
        pair.onSwap = { [unowned self] in self.onSwapColors?() }
        return pair
    }()

    /// Opens the palette; shows the pen's colour, with the palette icon over it.
    public private(set) lazy var paletteButton: Button = {
        let button = Button(title: "", toolTip: tr("More colours…")) { [unowned self] in self.onPalette?() }
        button.swatchColor = DrawingBoardViewController.palette[0]
        button.iconName = "preferences-color"
        return button
    }()

    public private(set) lazy var colorButtons: [Button] = DrawingBoardViewController.palette.enumerated().map { index, color in
        let button = Button()
        button.swatchColor = color
        button.toolTip = [tr("Red"), tr("Green"), tr("Blue")][index]
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.onColor?(index) }
        return button
    }
}
