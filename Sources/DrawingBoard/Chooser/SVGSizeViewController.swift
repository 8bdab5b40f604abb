/// Opening an SVG as the drawing (GIMP's Render SVG): a vector picture has no pixels of its
/// own, so it asks at what size to draw it, its own size (96 dpi) offered, by percentage or in
/// pixels, the aspect ratio kept unless the box is cleared. Drawn larger it stays sharp.
final class SVGSizeViewController: ViewController {
    var onFinish: ((_ width: Int, _ height: Int) -> Void)?
    var onCancel: (() -> Void)?
    private let name: String

    init(name: String, width: Int, height: Int) {
        self.name = name
        form = ImageSizeForm(width: width, height: height)
        super.init()
    }

    let form: ImageSizeForm

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        for subview in [titleLabel, form, okButton, cancelButton] as [View] { box.addSubview(subview) }
        form.onChange = { [unowned self] in self.okButton.isEnabled = self.form.typedSize != nil }
        isModal = true
        defaultButton = okButton
        escapeButton = cancelButton
    }

    override func viewDidAppear() { form.percentField.beginEditing() }

    override func viewWillLayoutSubviews() {
        box.frame = DialogParts.centered(Size(width: min(460, view.bounds.width - 16), height: 228), in: view.bounds)
        let width = box.frame.width
        titleLabel.frame = Rect(x: 20, y: 12, width: width - 40, height: 24)
        form.frame = Rect(x: 20, y: 46, width: width - 40, height: ImageSizeForm.height)
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: 184, width: cancelButton.intrinsicWidth, height: 32)
        okButton.frame = Rect(x: cancelButton.frame.minX - 8 - okButton.intrinsicWidth, y: 184, width: okButton.intrinsicWidth, height: 32)
    }

    // MARK: - Actions

    func finish() {
        guard let size = form.typedSize else { return }
        onFinish?(size.width, size.height)
    }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(tr("Draw %@ at", name))
    private(set) lazy var okButton = DialogParts.button(tr("Open")) { [unowned self] in self.finish() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
