/// Image → Resize Image (Ctrl+R, Pinta's): a new size by percentage or in pixels, and how the
/// new pixels are made. The resampling follows the direction (smooth when growing, sharp when
/// shrinking) until the user picks one.
final class ResizeImageViewController: ViewController {
    var onFinish: ((_ width: Int, _ height: Int, ResamplingFilter) -> Void)?
    var onCancel: (() -> Void)?
    private let filters: [ResamplingFilter] = [.nearest, .bilinear, .bicubic, .lanczos3]
    private var filterChosen = false

    init(width: Int, height: Int) {
        form = ImageSizeForm(width: width, height: height)
        super.init()
    }

    let form: ImageSizeForm

    var filter: ResamplingFilter { filters[filterPicker.selectedIndex] }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        for subview in [titleLabel, form, filterLabel, filterPicker, okButton, cancelButton] as [View] { box.addSubview(subview) }
        form.onChange = { [unowned self] in self.sizeChanged() }
        sizeChanged()
        isModal = true
        defaultButton = okButton
        escapeButton = cancelButton
    }

    override func viewDidAppear() { form.percentField.beginEditing() }

    override func viewWillLayoutSubviews() {
        box.frame = DialogParts.centered(Size(width: min(460, view.bounds.width - 16), height: 268), in: view.bounds)
        let width = box.frame.width
        titleLabel.frame = Rect(x: 20, y: 12, width: width - 40, height: 24)
        form.frame = Rect(x: 20, y: 46, width: width - 40, height: ImageSizeForm.height)
        let labelWidth = filterLabel.font.width(of: filterLabel.text) + 10
        filterLabel.frame = Rect(x: 20, y: 182, width: labelWidth, height: 30)
        filterPicker.frame = Rect(x: 20 + labelWidth, y: 182, width: filterPicker.intrinsicWidth, height: 30)
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: 224, width: cancelButton.intrinsicWidth, height: 32)
        okButton.frame = Rect(x: cancelButton.frame.minX - 8 - okButton.intrinsicWidth, y: 224, width: okButton.intrinsicWidth, height: 32)
    }

    // MARK: - Actions

    private func sizeChanged() {
        okButton.isEnabled = form.typedSize != nil
        guard !filterChosen, let size = form.typedSize else { return }
        let growing = size.width * size.height > form.original.width * form.original.height
        filterPicker.selectedIndex = filters.firstIndex(of: .suggested(growing: growing))!
    }

    func finish() {
        guard let size = form.typedSize else { return }
        onFinish?(size.width, size.height, filter)
    }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(tr("Resize Image"))
    private lazy var filterLabel = Label(text: tr("Resampling"))
    private(set) lazy var filterPicker: PopUpButton = {
        let picker = PopUpButton(items: [tr("Nearest neighbour"), tr("Bilinear"), tr("Bicubic"), tr("Lanczos-3")])
        picker.addAction(for: .valueChanged) { [unowned self] _ in self.filterChosen = true }
        return picker
    }()
    private(set) lazy var okButton = DialogParts.button(tr("Resize")) { [unowned self] in self.finish() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
