/// What every adjustment dialog (Posterize, Levels, Curves, the effects…) is made of: a box with
/// a title, the subclass's controls, a Preview box, OK and Cancel. It says each change (the
/// canvas previews it; nil: Preview is off, the layer shows as it is, for a before and after),
/// the adjustment chosen on OK, and Cancel; Enter and Escape press OK and Cancel.
class AdjustmentDialogViewController: ViewController {
    private let title: String
    var onChange: ((PixelAdjustment?) -> Void)?
    var onFinish: ((PixelAdjustment) -> Void)?
    var onCancel: (() -> Void)?

    init(title: String) {
        self.title = title
        super.init()
    }

    /// What the controls say now (each dialog its own).
    var adjustment: PixelAdjustment { preconditionFailure("an adjustment dialog says its adjustment") }

    /// The dialog's own controls, added to the box under the title.
    var controls: [View] { [] }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.addSubview(box)
        for subview in [titleLabel, previewBox, okButton, cancelButton] + controls { box.addSubview(subview) }
        isModal = true
        defaultButton = okButton
        escapeButton = cancelButton
    }

    override func viewDidAppear() { changed() }

    /// The box at `frame` (in the view), its title on top and the Preview box (from `previewX`),
    /// OK and Cancel along its bottom.
    func layOutBox(_ frame: Rect, previewX: Double = 16) {
        box.frame = frame
        let width = frame.width, buttonsY = frame.height - 42
        titleLabel.frame = Rect(x: 16, y: 10, width: width - 32, height: 24)
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: buttonsY, width: cancelButton.intrinsicWidth, height: 32)
        okButton.frame = Rect(x: cancelButton.frame.minX - 8 - okButton.intrinsicWidth, y: buttonsY, width: okButton.intrinsicWidth, height: 32)
        previewBox.frame = Rect(x: previewX, y: buttonsY + 2, width: previewBox.intrinsicWidth, height: 28)
    }

    /// Where a box of `size` leaves the middle of the canvas (what it previews) in view: at the
    /// window's right, centred down it, when there is room beside the middle; else centred.
    func placeClearOfTheMiddle(_ size: Size) -> Rect {
        let bounds = view.bounds, y = max(8, (bounds.height - size.height) / 2)
        let right = bounds.maxX - 12 - size.width
        // The middle 80 points of the window stay uncovered.
        if right >= bounds.midX + 40 { return Rect(x: right, y: y, width: size.width, height: size.height) }
        return Rect(x: (bounds.width - size.width) / 2, y: y, width: size.width, height: size.height)
    }

    // MARK: - Actions

    /// The canvas shows the adjustment, or (Preview off) the layer as it is.
    func changed() { onChange?(previewBox.isOn ? adjustment : nil) }

    func finish() { onFinish?(adjustment) }

    // MARK: - Subviews

    private(set) lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(title)
    /// On at first: off shows the layer as it is (before), on as the settings leave it (after).
    private(set) lazy var previewBox: CheckBox = {
        let box = CheckBox(title: tr("Preview"), toolTip: tr("Off: the layer as it is, to compare"))
        box.isOn = true
        box.addAction(for: .valueChanged) { [unowned self] _ in self.changed() }
        return box
    }()
    private(set) lazy var okButton = DialogParts.button(tr("OK")) { [unowned self] in self.finish() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
