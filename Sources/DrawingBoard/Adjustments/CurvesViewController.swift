/// Curves (Ctrl+Shift+M, Pinta's and GIMP's): a curve for the three channels together and one
/// for each, edited over the layer's histogram, previewed on the canvas as a point moves; OK
/// makes it one undoable item, Cancel and Escape leave the layer as it was.
final class CurvesViewController: ViewController {
    /// Counts per level of the layer's (or selection's) luma, red, green and blue.
    private let histograms: [[Int]]
    private(set) var curves = ColorCurves()
    var onChange: ((PixelAdjustment?) -> Void)?
    var onFinish: ((PixelAdjustment) -> Void)?
    var onCancel: (() -> Void)?

    init(histograms: [[Int]]) {
        self.histograms = histograms
        super.init()
    }

    private static let channelColors = [Color(r: 30, g: 30, b: 34), Color(r: 210, g: 40, b: 40), Color(r: 30, g: 150, b: 50), Color(r: 30, g: 90, b: 220)]

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.addSubview(box)
        for subview in [titleLabel, channelPicker, editor, resetButton, previewBox, okButton, cancelButton] as [View] { box.addSubview(subview) }
        channelPicker.selectedSegmentIndex = 0
        showChannel()
        isModal = true
        defaultButton = okButton
        escapeButton = cancelButton
    }

    override func viewDidAppear() { changed() }

    override func viewWillLayoutSubviews() {
        let side = min(256, view.bounds.height - 160, view.bounds.width - 48)
        let size = Size(width: max(side + 32, min(360, view.bounds.width - 16)), height: side + 140)
        box.frame = Rect(x: (view.bounds.width - size.width) / 2, y: max(8, (view.bounds.height - size.height) / 2), width: size.width, height: size.height)
        let width = box.frame.width
        titleLabel.frame = Rect(x: 16, y: 10, width: width - 32, height: 24)
        channelPicker.frame = Rect(x: 16, y: 40, width: width - 32, height: 28)
        editor.frame = Rect(x: (width - side) / 2, y: 78, width: side, height: side)
        let buttonsY = size.height - 44
        resetButton.frame = Rect(x: 16, y: buttonsY, width: resetButton.intrinsicWidth, height: 32)
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: buttonsY, width: cancelButton.intrinsicWidth, height: 32)
        okButton.frame = Rect(x: cancelButton.frame.minX - 8 - okButton.intrinsicWidth, y: buttonsY, width: okButton.intrinsicWidth, height: 32)
        previewBox.frame = Rect(x: resetButton.frame.maxX + 8, y: buttonsY + 2, width: previewBox.intrinsicWidth, height: 28)
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

    /// The canvas shows the curves, or (Preview off) the layer as it is.
    private func changed() { onChange?(previewBox.isOn ? .curves(curves) : nil) }

    // MARK: - Actions

    func finish() { onFinish?(.curves(curves)) }

    private func showChannel() {
        let channel = channelPicker.selectedSegmentIndex
        editor.points = [curves.all, curves.red, curves.green, curves.blue][channel]
        editor.histogram = histograms[channel]
        editor.curveColor = Self.channelColors[channel]
    }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(tr("Curves"))
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
    private(set) lazy var previewBox = DialogParts.previewBox { [unowned self] in self.changed() }
    private(set) lazy var okButton = DialogParts.button(tr("OK")) { [unowned self] in self.finish() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
