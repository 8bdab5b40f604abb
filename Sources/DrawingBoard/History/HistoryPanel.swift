/// The History panel (F8): docked over the canvas's right edge (under the Layers panel when
/// both show), a title with a close button over the rows (HistoryListView).
final class HistoryPanel: View {
    static let titleHeight = 32.0

    let list = HistoryListView()
    var onClose: (() -> Void)?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(r: 250, g: 250, b: 252)
        addSubview(titleLabel)
        addSubview(closeButton)
        addSubview(list)
    }

    override func layoutSubviews() {
        let width = bounds.width
        titleLabel.frame = Rect(x: 10, y: 4, width: width - 50, height: Self.titleHeight - 8)
        closeButton.frame = Rect(x: width - 36, y: 2, width: 32, height: Self.titleHeight - 4)
        list.frame = Rect(x: 0, y: Self.titleHeight, width: width, height: max(0, bounds.height - Self.titleHeight))
        list.scrollToCurrent()
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let line = Color(r: 200, g: 200, b: 206)
        context.fill(Rect(x: 0, y: 0, width: 1, height: bounds.height), with: line)
        context.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), with: line)
        context.fill(Rect(x: 0, y: Self.titleHeight - 1, width: bounds.width, height: 1), with: line)
    }

    private lazy var titleLabel: Label = {
        let label = Label(text: tr("History"))
        label.font = Font.system(size: 14)
        return label
    }()

    private(set) lazy var closeButton: Button = {
        let button = Button(title: "×")
        button.toolTip = tr("Hide the History panel (F8)")
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.onClose?() }
        return button
    }()
}
