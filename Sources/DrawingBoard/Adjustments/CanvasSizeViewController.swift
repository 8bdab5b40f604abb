/// Image → Canvas Size (Ctrl+Shift+R, Pinta's): a new size for the drawing without scaling it,
/// and where the drawing sits in it (one of nine anchors). Layers are cut or grown with
/// transparency; the background shows in the new area.
final class CanvasSizeViewController: ImageSizeDialog {
    /// The size and the anchor: 0...2 across (left, centre, right) and down (top, middle, bottom).
    var onFinish: ((_ width: Int, _ height: Int, _ anchor: (x: Int, y: Int)) -> Void)?
    private(set) var anchor = (x: 1, y: 1)

    init(width: Int, height: Int) {
        super.init(title: tr("Canvas Size"), acceptTitle: tr("Resize"), width: width, height: height)
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        showAnchor()
    }

    // MARK: - Layout

    override var extraViews: [View] { [anchorLabel] + anchorButtons }
    override var extraHeight: Double { 78 }

    override func layoutExtras(top: Double, width: Double) {
        anchorLabel.frame = Rect(x: 20, y: top + 8, width: anchorLabel.font.width(of: anchorLabel.text) + 10, height: 28)
        for (index, button) in anchorButtons.enumerated() {
            button.frame = Rect(x: anchorLabel.frame.maxX + Double(index % 3) * 30, y: top + 4 + Double(index / 3) * 30, width: 28, height: 28)
        }
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

    override func finish() {
        guard let size = form.typedSize else { return }
        onFinish?(size.width, size.height, anchor)
    }

    // MARK: - Subviews

    private lazy var anchorLabel = Label(text: tr("Anchor"))
    private(set) lazy var anchorButtons: [Button] = (0..<9).map { index in
        let button = Button(title: "")
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.choose(anchorX: index % 3, y: index / 3) }
        return button
    }
}
