/// A dialog around an ImageSizeForm, as Resize Image, Canvas Size and opening an SVG have it: a
/// title, the form, what the dialog adds below it (`extraViews`, laid out in `layoutExtras`),
/// and OK and Cancel; OK is on only while the typed size is one a drawing can have.
class ImageSizeDialog: ViewController {
    var onCancel: (() -> Void)?
    let form: ImageSizeForm
    private let title: String
    private let acceptTitle: String

    init(title: String, acceptTitle: String, width: Int, height: Int) {
        self.title = title
        self.acceptTitle = acceptTitle
        form = ImageSizeForm(width: width, height: height)
        super.init()
    }

    /// What a dialog adds between the form and the buttons, and how tall it is.
    var extraViews: [View] { [] }
    var extraHeight: Double { 0 }
    func layoutExtras(top: Double, width: Double) {}

    /// The size typed changed: OK follows whether it is usable.
    func sizeChanged() { okButton.isEnabled = form.typedSize != nil }

    /// OK: the dialog says what was chosen.
    func finish() {}

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        for subview in [titleLabel, form, okButton, cancelButton] + extraViews as [View] { box.addSubview(subview) }
        form.onChange = { [unowned self] in self.sizeChanged() }
        sizeChanged()
        isModal = true
        defaultButton = okButton
        escapeButton = cancelButton
    }

    override func viewDidAppear() { form.percentField.beginEditing(selectingAll: true) }

    override func viewWillLayoutSubviews() {
        let extrasTop = 46 + ImageSizeForm.height + 4
        let buttonsY = extrasTop + extraHeight + (extraHeight > 0 ? 12 : 2)
        box.frame = DialogParts.centered(Size(width: min(460, view.bounds.width - 16), height: buttonsY + 44), in: view.bounds)
        let width = box.frame.width
        titleLabel.frame = Rect(x: 20, y: 12, width: width - 40, height: 24)
        form.frame = Rect(x: 20, y: 46, width: width - 40, height: ImageSizeForm.height)
        layoutExtras(top: extrasTop, width: width)
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: buttonsY, width: cancelButton.intrinsicWidth, height: 32)
        okButton.frame = Rect(x: cancelButton.frame.minX - 8 - okButton.intrinsicWidth, y: buttonsY, width: okButton.intrinsicWidth, height: 32)
    }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(title)
    private(set) lazy var okButton = DialogParts.button(acceptTitle) { [unowned self] in self.finish() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
