/// Image → Canvas Size (Ctrl+Shift+R, Pinta's): a new size for the drawing without scaling it,
/// and where the drawing sits in it (one of nine anchors). Layers are cut or grown with
/// transparency; the background shows in the new area.
final class CanvasSizeViewController: ViewController {
    /// The size and the anchor: 0...2 across (left, centre, right) and down (top, middle, bottom).
    var onFinish: ((_ width: Int, _ height: Int, _ anchor: (x: Int, y: Int)) -> Void)?
    var onCancel: (() -> Void)?
    private(set) var anchor = (x: 1, y: 1)

    init(width: Int, height: Int) {
        form = ImageSizeForm(width: width, height: height)
        super.init()
    }

    let form: ImageSizeForm

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        for subview in [titleLabel, form, anchorLabel, okButton, cancelButton] + anchorButtons as [View] { box.addSubview(subview) }
        form.onChange = { [unowned self] in self.okButton.isEnabled = self.form.typedSize != nil }
        showAnchor()
        isModal = true
        defaultButton = okButton
        escapeButton = cancelButton
    }

    override func viewDidAppear() { form.percentField.beginEditing() }

    override func viewWillLayoutSubviews() {
        box.frame = DialogParts.centered(Size(width: min(460, view.bounds.width - 16), height: 316), in: view.bounds)
        let width = box.frame.width
        titleLabel.frame = Rect(x: 20, y: 12, width: width - 40, height: 24)
        form.frame = Rect(x: 20, y: 46, width: width - 40, height: ImageSizeForm.height)
        anchorLabel.frame = Rect(x: 20, y: 190, width: anchorLabel.font.width(of: anchorLabel.text) + 10, height: 28)
        for (index, button) in anchorButtons.enumerated() {
            button.frame = Rect(x: anchorLabel.frame.maxX + Double(index % 3) * 30, y: 186 + Double(index / 3) * 30, width: 28, height: 28)
        }
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: 272, width: cancelButton.intrinsicWidth, height: 32)
        okButton.frame = Rect(x: cancelButton.frame.minX - 8 - okButton.intrinsicWidth, y: 272, width: okButton.intrinsicWidth, height: 32)
    }

    // MARK: - Actions

    func choose(anchorX x: Int, y: Int) {
        anchor = (x, y)
        showAnchor()
    }

    /// The chosen anchor is a filled dot, the others arrows pointing away from it (where the
    /// drawing grows).
    private func showAnchor() {
        for (index, button) in anchorButtons.enumerated() {
            let dx = index % 3 - anchor.x, dy = index / 3 - anchor.y
            let arrows = [[ "↖", "↑", "↗" ], [ "←", "●", "→" ], [ "↙", "↓", "↘" ]]
            button.title = abs(dx) <= 1 && abs(dy) <= 1 ? arrows[dy + 1][dx + 1] : ""
        }
    }

    func finish() {
        guard let size = form.typedSize else { return }
        onFinish?(size.width, size.height, anchor)
    }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(tr("Canvas Size"))
    private lazy var anchorLabel = Label(text: tr("Anchor"))
    private(set) lazy var anchorButtons: [Button] = (0..<9).map { index in
        let button = Button(title: "")
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.choose(anchorX: index % 3, y: index / 3) }
        return button
    }
    private(set) lazy var okButton = DialogParts.button(tr("Resize")) { [unowned self] in self.finish() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
