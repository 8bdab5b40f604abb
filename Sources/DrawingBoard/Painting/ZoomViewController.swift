/// View → Zoom… (or a click on the zoom readout in the bottom bar): a percentage typed, or one
/// picked from the list (Best Fit and the steps from 25% to 1600%), as Pinta's and GIMP's zoom
/// boxes offer. Enter or a preset zooms at once.
final class ZoomViewController: ViewController {
    /// The zoom chosen (screen pixels per document pixel; nil: Best Fit).
    var onFinish: ((Double?) -> Void)?
    var onCancel: (() -> Void)?
    private let current: Double

    init(current: Double) {
        self.current = current
        super.init()
    }

    static let presets: [Double] = [0.25, 0.5, 1, 2, 4, 8, 16]

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        for subview in [titleLabel, field, percentLabel, messageLabel, okButton, cancelButton, fitButton] + presetButtons as [View] { box.addSubview(subview) }
        // The zoom as it is, selected when the dialog opens: typing replaces it.
        field.text = "\(Int((current * 100).rounded()))"
        isModal = true
        defaultButton = okButton
        escapeButton = cancelButton
    }

    override func viewDidAppear() { field.beginEditing(selectingAll: true) }

    override func viewWillLayoutSubviews() {
        let width = min(440, view.bounds.width - 16)
        // The presets wrap to a second row in a narrow window; the box grows with them.
        var x = 14.0, y = 82.0
        var frames: [Rect] = []
        for button in presetButtons {
            if x + button.intrinsicWidth > width - 14 { (x, y) = (14, y + 34) }
            frames.append(Rect(x: x, y: y, width: button.intrinsicWidth, height: 30))
            x += button.intrinsicWidth + 4
        }
        let buttonsY = y + 64
        box.frame = DialogParts.centered(Size(width: width, height: buttonsY + 44), in: view.bounds)
        titleLabel.frame = Rect(x: 20, y: 12, width: width - 40, height: 24)
        field.frame = Rect(x: 20, y: 44, width: 80, height: 28)
        percentLabel.frame = Rect(x: 104, y: 44, width: 20, height: 28)
        fitButton.frame = Rect(x: 132, y: 43, width: fitButton.intrinsicWidth, height: 30)
        for (button, frame) in zip(presetButtons, frames) { button.frame = frame }
        messageLabel.frame = Rect(x: 20, y: y + 34, width: width - 40, height: 24)
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: buttonsY, width: cancelButton.intrinsicWidth, height: 32)
        okButton.frame = Rect(x: cancelButton.frame.minX - 8 - okButton.intrinsicWidth, y: buttonsY, width: okButton.intrinsicWidth, height: 32)
    }

    // MARK: - Actions

    /// The typed percentage, if it is one the canvas can show (1/16 to 32x).
    var typedZoom: Double? {
        let digits = field.text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "%", with: "")
        guard let percent = Double(digits), percent >= 100.0 / 16, percent <= 3200 else { return nil }
        return percent / 100
    }

    func finish() {
        guard let zoom = typedZoom else {
            messageLabel.text = tr("A zoom from %d%% to %d%%", 6, 3200)
            return
        }
        onFinish?(zoom)
    }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(tr("Zoom"))
    private(set) lazy var field: TextField = {
        let field = TextField()
        field.onSubmit = { [unowned self] _ in self.finish() }
        return field
    }()
    private lazy var percentLabel = Label(text: "%")
    private(set) lazy var messageLabel = Label()
    private(set) lazy var fitButton = DialogParts.button(tr("Best Fit")) { [unowned self] in self.onFinish?(nil) }
    private(set) lazy var presetButtons: [Button] = Self.presets.map { zoom in
        DialogParts.button("\(Int(zoom * 100))%") { [unowned self] in self.onFinish?(zoom) }
    }
    private(set) lazy var okButton = DialogParts.button(tr("Zoom")) { [unowned self] in self.finish() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
