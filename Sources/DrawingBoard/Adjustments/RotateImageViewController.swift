/// Image → Rotate… (any angle): an angle slider with a degrees field beside it (typed, or a
/// degree a step, ten with Page Up and Down) and whether the canvas grows to hold the turned
/// drawing, with the turned drawing shown small in the dialog as the slider moves (the canvas
/// keeps its size until OK, so the preview is the dialog's own).
final class RotateImageViewController: ViewController {
    var onFinish: ((_ degrees: Double, _ grow: Bool) -> Void)?
    var onCancel: (() -> Void)?
    /// The drawing as shown, shrunk to the preview's size once.
    let thumbnail: Bitmap

    init(picture: Bitmap) {
        let factor = BoxDownscaler.factor(width: picture.width, height: picture.height, maximumPixels: 200 * 150)
        thumbnail = BoxDownscaler.downscale(picture, by: factor)
        super.init()
    }

    var degrees: Double { (slider.value).rounded() }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        for subview in [titleLabel, preview, angleLabel, slider, valueField, growBox, okButton, cancelButton] as [View] { box.addSubview(subview) }
        slider.minimumValue = -180
        slider.maximumValue = 180
        slider.value = 0
        slider.stepper = { value, steps in value.rounded() + Double(steps) }
        growBox.isOn = true
        showPreview()
        isModal = true
        defaultButton = okButton
        escapeButton = cancelButton
    }

    override func viewWillLayoutSubviews() {
        let previewHeight = min(180, max(60, view.bounds.height - 230))
        box.frame = DialogParts.centered(Size(width: min(440, view.bounds.width - 16), height: 190 + previewHeight), in: view.bounds)
        let width = box.frame.width
        titleLabel.frame = Rect(x: 16, y: 10, width: width - 32, height: 24)
        preview.frame = Rect(x: 16, y: 40, width: width - 32, height: previewHeight)
        let labelWidth = angleLabel.font.width(of: angleLabel.text) + 10
        angleLabel.frame = Rect(x: 16, y: 50 + previewHeight, width: labelWidth, height: 28)
        slider.frame = Rect(x: 16 + labelWidth, y: 50 + previewHeight, width: width - 16 - labelWidth - 84, height: 28)
        valueField.frame = Rect(x: width - 76, y: 50 + previewHeight, width: 64, height: 28)
        growBox.frame = Rect(x: 16, y: 86 + previewHeight, width: growBox.intrinsicWidth, height: 28)
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: 146 + previewHeight, width: cancelButton.intrinsicWidth, height: 32)
        okButton.frame = Rect(x: cancelButton.frame.minX - 8 - okButton.intrinsicWidth, y: 146 + previewHeight, width: okButton.intrinsicWidth, height: 32)
    }

    // MARK: - Actions

    func setAngle(_ degrees: Double) {
        slider.value = degrees
        showPreview()
    }

    /// The thumbnail turned as OK would turn the drawing, over a grey that shows the new corners.
    private func showPreview() {
        valueField.show(degrees)
        let turned = thumbnail.rotated(byDegrees: degrees, grow: growBox.isOn, fill: Color(r: 200, g: 200, b: 206).premultipliedPixel)
        preview.image = Image(bitmap: turned)
    }

    func finish() { onFinish?(degrees, growBox.isOn) }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(tr("Rotate"))
    private(set) lazy var preview = ImageView()
    private lazy var angleLabel = Label(text: tr("Angle"))
    private(set) lazy var slider: Slider = {
        let slider = Slider()
        slider.addAction(for: .valueChanged) { [unowned self] _ in self.showPreview() }
        return slider
    }()
    private(set) lazy var valueField: SpinField = {
        let field = SpinField(value: 0, range: -180...180)
        field.unit = "°"
        field.onValueChange = { [unowned self] value in self.setAngle(value) }
        return field
    }()
    private(set) lazy var growBox: CheckBox = {
        let box = CheckBox(title: tr("Grow the canvas to fit"))
        box.addAction(for: .valueChanged) { [unowned self] _ in self.showPreview() }
        return box
    }()
    private(set) lazy var okButton = DialogParts.button(tr("Rotate")) { [unowned self] in self.finish() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
