/// An adjustment with one setting (Posterize's levels): a slider with its value, previewed on
/// the canvas itself as it moves (the dialog sits low, leaving the canvas undimmed); OK makes
/// it one undoable item, Cancel and Escape leave the layer as it was.
final class SliderAdjustmentViewController: ViewController {
    struct Setting {
        let title: String
        let label: String
        let range: ClosedRange<Double>
        let initial: Double
        let adjustment: (Int) -> PixelAdjustment
    }

    private let setting: Setting
    var onChange: ((PixelAdjustment) -> Void)?
    var onFinish: ((PixelAdjustment) -> Void)?
    var onCancel: (() -> Void)?

    init(_ setting: Setting) {
        self.setting = setting
        super.init()
    }

    /// What the slider says now.
    var adjustment: PixelAdjustment { setting.adjustment(Int(slider.value.rounded())) }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.addSubview(box)
        for subview in [titleLabel, settingLabel, slider, valueLabel, okButton, cancelButton] as [View] { box.addSubview(subview) }
        slider.minimumValue = setting.range.lowerBound
        slider.maximumValue = setting.range.upperBound
        slider.value = setting.initial
        valueLabel.text = "\(Int(slider.value.rounded()))"
        isModal = true
        defaultButton = okButton
        escapeButton = cancelButton
    }

    override func viewDidAppear() { onChange?(adjustment) }

    override func viewWillLayoutSubviews() {
        let size = Size(width: min(400, view.bounds.width - 16), height: 130)
        box.frame = Rect(x: (view.bounds.width - size.width) / 2, y: max(8, view.bounds.height - size.height - 110), width: size.width, height: size.height)
        let width = box.frame.width
        titleLabel.frame = Rect(x: 16, y: 10, width: width - 32, height: 24)
        settingLabel.frame = Rect(x: 16, y: 46, width: 90, height: 28)
        slider.frame = Rect(x: 110, y: 46, width: width - 110 - 60, height: 28)
        valueLabel.frame = Rect(x: width - 52, y: 46, width: 40, height: 28)
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: 88, width: cancelButton.intrinsicWidth, height: 32)
        okButton.frame = Rect(x: cancelButton.frame.minX - 8 - okButton.intrinsicWidth, y: 88, width: okButton.intrinsicWidth, height: 32)
    }

    // MARK: - Actions

    func finish() { onFinish?(adjustment) }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(setting.title)
    private lazy var settingLabel = Label(text: setting.label)
    private(set) lazy var slider: Slider = {
        let slider = Slider()
        slider.addAction(for: .valueChanged) { [unowned self] _ in
            self.valueLabel.text = "\(Int(self.slider.value.rounded()))"
            self.onChange?(self.adjustment)
        }
        return slider
    }()
    private lazy var valueLabel = Label()
    private(set) lazy var okButton = DialogParts.button(tr("OK")) { [unowned self] in self.finish() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
