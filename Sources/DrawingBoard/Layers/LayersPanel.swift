/// The Layers panel (F7): docked over the canvas's right edge, a title with a close button,
/// the rows (LayerListView) and a bar of the stack's commands under them, as Pinta's and
/// GIMP's layer docks have them.
final class LayersPanel: View {
    static let preferredWidth = 240.0
    static let titleHeight = 32.0
    static let barHeight = 36.0

    /// The commands of the bar, in order: an icon, a tooltip with the key, what it does.
    struct BarCommand {
        let icon: String
        let toolTip: String
        let action: () -> Void
    }

    let list = LayerListView()
    var onClose: (() -> Void)?

    init(commands: [BarCommand]) {
        super.init(frame: .zero)
        backgroundColor = Color(r: 250, g: 250, b: 252)
        addSubview(titleLabel)
        addSubview(closeButton)
        addSubview(list)
        buttons = commands.map { command in
            let button = Button()
            button.iconName = command.icon
            button.showsTitle = false
            button.toolTip = command.toolTip
            button.addAction(for: .touchUpInside) { _ in command.action() }
            addSubview(button)
            return button
        }
    }

    private(set) var buttons: [Button] = []

    override func layoutSubviews() {
        let width = bounds.width
        titleLabel.frame = Rect(x: 10, y: 4, width: width - 50, height: Self.titleHeight - 8)
        closeButton.frame = Rect(x: width - 36, y: 2, width: 32, height: Self.titleHeight - 4)
        list.frame = Rect(x: 0, y: Self.titleHeight, width: width, height: max(0, bounds.height - Self.titleHeight - Self.barHeight))
        // The bar's buttons share its width (seven fit the panel's 240 points).
        let side = min(34, width / Double(max(1, buttons.count)))
        for (index, button) in buttons.enumerated() {
            button.frame = Rect(x: 2 + Double(index) * side, y: bounds.height - Self.barHeight + 2, width: side, height: Self.barHeight - 4)
        }
        list.scrollToCurrent()
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let line = Color(r: 200, g: 200, b: 206)
        context.fill(Rect(x: 0, y: 0, width: 1, height: bounds.height), with: line)
        context.fill(Rect(x: 0, y: Self.titleHeight - 1, width: bounds.width, height: 1), with: line)
        context.fill(Rect(x: 0, y: bounds.height - Self.barHeight, width: bounds.width, height: 1), with: line)
    }

    private lazy var titleLabel: Label = {
        let label = Label(text: tr("Layers"))
        label.font = Font.system(size: 14)
        return label
    }()

    private(set) lazy var closeButton: Button = {
        let button = Button(title: "×")
        button.toolTip = tr("Hide the Layers panel (F7)")
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.onClose?() }
        return button
    }()
}
