/// Image → Resize Image (Ctrl+R, Pinta's): a new size by percentage or in pixels, and how the
/// new pixels are made. The resampling follows the direction (smooth when growing, sharp when
/// shrinking) until the user picks one.
final class ResizeImageViewController: ImageSizeDialog {
    var onFinish: ((_ width: Int, _ height: Int, ResamplingFilter) -> Void)?
    private let filters: [ResamplingFilter] = [.nearest, .bilinear, .bicubic, .lanczos3]
    private var filterChosen = false

    init(width: Int, height: Int) {
        super.init(title: tr("Resize Image"), acceptTitle: tr("Resize"), width: width, height: height)
    }

    var filter: ResamplingFilter { filters[filterPicker.selectedIndex] }

    // MARK: - Layout

    override var extraViews: [View] { [filterLabel, filterPicker] }
    override var extraHeight: Double { 30 }

    override func layoutExtras(top: Double, width: Double) {
        let labelWidth = filterLabel.font.width(of: filterLabel.text) + 10
        filterLabel.frame = Rect(x: 20, y: top, width: labelWidth, height: 30)
        filterPicker.frame = Rect(x: 20 + labelWidth, y: top, width: filterPicker.intrinsicWidth, height: 30)
    }

    // MARK: - Actions

    /// The resampling follows the direction until the user picks one.
    override func sizeChanged() {
        super.sizeChanged()
        guard !filterChosen, let size = form.typedSize else { return }
        let growing = size.width * size.height > form.original.width * form.original.height
        filterPicker.selectedIndex = filters.firstIndex(of: .suggested(growing: growing))!
    }

    override func finish() {
        guard let size = form.typedSize else { return }
        onFinish?(size.width, size.height, filter)
    }

    // MARK: - Subviews

    private lazy var filterLabel = Label(text: tr("Resampling"))
    private(set) lazy var filterPicker: PopUpButton = {
        let picker = PopUpButton(items: [tr("Nearest neighbour"), tr("Bilinear"), tr("Bicubic"), tr("Lanczos-3")])
        picker.addAction(for: .valueChanged) { [unowned self] _ in self.filterChosen = true }
        return picker
    }()
}
