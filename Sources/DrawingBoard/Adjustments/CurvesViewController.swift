/// Curves (Ctrl+Shift+M, Pinta's and GIMP's): a curve for the three channels together and one
/// for each, edited over the layer's histogram, previewed on the canvas as a point moves; OK
/// makes it one undoable item, Cancel and Escape leave the layer as it was.
final class CurvesViewController: AdjustmentDialogViewController {
    /// Counts per level of the layer's (or selection's) luma, red, green and blue.
    private let histograms: [[Int]]
    private(set) var curves = ColorCurves()

    init(histograms: [[Int]]) {
        self.histograms = histograms
        super.init(title: tr("Curves"))
    }

    override var adjustment: PixelAdjustment { .curves(curves) }

    private static let channelColors = [Color(r: 30, g: 30, b: 34), Color(r: 210, g: 40, b: 40), Color(r: 30, g: 150, b: 50), Color(r: 30, g: 90, b: 220)]

    // MARK: - Lifecycle

    override var controls: [View] { [channelPicker, editor, resetButton] }

    override func viewDidLoad() {
        super.viewDidLoad()
        channelPicker.selectedSegmentIndex = 0
        showChannel()
    }

    override func viewWillLayoutSubviews() {
        let side = min(256, view.bounds.height - 160, view.bounds.width - 48)
        let size = Size(width: max(side + 32, min(360, view.bounds.width - 16)), height: side + 140)
        let width = size.width, buttonsY = size.height - 42
        resetButton.frame = Rect(x: 16, y: buttonsY, width: resetButton.intrinsicWidth, height: 32)
        layOutBox(placeClearOfTheMiddle(size),
                  previewX: resetButton.frame.maxX + 8)
        channelPicker.frame = Rect(x: 16, y: 40, width: width - 32, height: 28)
        editor.frame = Rect(x: (width - side) / 2, y: 78, width: side, height: side)
    }

    // MARK: - Delegates

    /// The editor's points into the chosen channel's curve.
    private func curveChanged(_ points: [ColorCurves.Point]) {
        switch channelPicker.selectedSegmentIndex {
        case 1: curves.red = points
        case 2: curves.green = points
        case 3: curves.blue = points
        default: curves.all = points
        }
        changed()
    }


    // MARK: - Actions

    private func showChannel() {
        let channel = channelPicker.selectedSegmentIndex
        editor.points = [curves.all, curves.red, curves.green, curves.blue][channel]
        editor.histogram = histograms[channel]
        editor.curveColor = Self.channelColors[channel]
    }

    // MARK: - Subviews

    private(set) lazy var channelPicker: SegmentedControl = {
        let picker = SegmentedControl(items: [tr("RGB"), tr("Red"), tr("Green"), tr("Blue")])
        picker.addAction(for: .valueChanged) { [unowned self] _ in self.showChannel() }
        return picker
    }()
    private(set) lazy var editor: CurveEditorView = {
        let editor = CurveEditorView()
        editor.onChange = { [unowned self] points in self.curveChanged(points) }
        return editor
    }()
    private lazy var resetButton = DialogParts.button(tr("Reset")) { [unowned self] in
        self.curves = ColorCurves()
        self.showChannel()
        self.changed()
    }
}
