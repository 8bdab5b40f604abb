/// A button showing the current one of several choices, opening a menu of all of them when
/// clicked (a desktop pop-up button, like GTK's GtkDropDown or Qt's QComboBox): what a row of
/// segments becomes when the window is too narrow for it. Sends valueChanged on a new choice.
open class PopUpButton: Control {
    public var items: [String] { didSet { setNeedsDisplay() } }
    public var selectedIndex: Int { didSet { if selectedIndex != oldValue { setNeedsDisplay() } } }
    public var font = Font.system(size: 14) { didSet { setNeedsDisplay() } }
    /// The menu while it is open.
    public private(set) var menu: MenuView?

    public init(items: [String], frame: Rect = .zero) {
        self.items = items
        selectedIndex = items.isEmpty ? -1 : 0
        super.init(frame: frame)
    }

    /// Wide enough for the longest choice and the arrow.
    public var intrinsicWidth: Double { (items.map { font.width(of: $0) }.max() ?? 0) + 24 + Self.arrowWidth + 6 }
    package static let arrowWidth = 9.0

    open override var acceptsKeyboardFocus: Bool { true }

    /// Focused, Space, Enter or Down opens the menu (as a combo box does).
    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty, [.character(" "), .enter, .down].contains(event.key) else { return super.keyDown(event) }
        openMenu()
        return true
    }

    open override func endTracking(_ touch: Touch) {
        if bounds.contains(touch.location(in: self)) { openMenu() }
    }

    /// Opens the menu below the button, the current choice lit and checked (the window's
    /// menus' view: the same keys, pointer and look).
    public func openMenu() {
        guard let window, menu == nil else { return }
        let choices = items.indices.map { index in
            Menu.Element.command(Command(items[index], state: { [weak self] in self?.selectedIndex == index ? .on : .off }) { [weak self] in
                guard let self, index != self.selectedIndex else { return }
                self.selectedIndex = index
                self.sendActions(for: .valueChanged)
            })
        }
        let anchor = convert(bounds, to: window)
        let menu = MenuView.present(Menu(children: choices), from: anchor, in: window, highlighting: selectedIndex, minimumWidth: anchor.width, font: font)
        menu.onClose = { [weak self] in self?.menu = nil }
        self.menu = menu
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let box = bounds.insetBy(dx: 0.5, dy: 4.5)
        context.save()
        context.fillColor = isHighlighted ? Color(r: 228, g: 228, b: 234) : isHovered ? Color(r: 242, g: 244, b: 248) : .white
        context.fill(Path.roundedRect(box, cornerRadius: 5))
        context.strokeColor = Color(r: 0, g: 122, b: 255)
        context.lineWidth = 1
        context.stroke(Path.roundedRect(box, cornerRadius: 5))
        let title = items.indices.contains(selectedIndex) ? items[selectedIndex] : ""
        let arrowX = bounds.maxX - 12 - Self.arrowWidth
        context.draw(title, centeredIn: Rect(x: 0, y: 0, width: arrowX, height: bounds.height), font: font,
                     color: isEnabled ? Color(r: 30, g: 30, b: 34) : Color(r: 160, g: 160, b: 166))
        // A small downward triangle: drawn, so it shows in any font.
        var arrow = Path()
        arrow.move(to: Point(x: arrowX, y: bounds.midY - 2))
        arrow.line(to: Point(x: arrowX + Self.arrowWidth, y: bounds.midY - 2))
        arrow.line(to: Point(x: arrowX + Self.arrowWidth / 2, y: bounds.midY + 3))
        arrow.close()
        context.fillColor = Color(r: 0, g: 122, b: 255)
        context.fill(arrow)
        context.restore()
    }
}
