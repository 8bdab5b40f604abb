/// The list a pop-up button opens: one row per choice, the current one marked, over the whole
/// window so a click anywhere else closes it without doing anything (as desktop menus do).
/// It works as GTK's and Qt's menus do: the row under the pointer or the keyboard is lit;
/// Up/Down/Home/End move, Enter or Space picks, Escape closes, a letter jumps to the next row
/// starting with it. It takes the keys while open and gives them back when it closes.
public final class PopUpMenu: View {
    public static let rowHeight = 28.0
    public let items: [String]
    public let selectedIndex: Int
    private let font: Font
    /// Where the list is, in this view's (the window's) coordinates.
    public private(set) var listFrame = Rect.zero
    /// The row lit by the pointer or the keys.
    public private(set) var highlighted: Int?
    /// Told the choice (nil: closed without one).
    package var onClose: ((Int?) -> Void)?
    /// Who had the keys before it opened (they go back on closing).
    private weak var previousResponder: Responder?

    package init(items: [String], selectedIndex: Int, font: Font) {
        self.items = items
        self.selectedIndex = selectedIndex
        self.font = font
        highlighted = items.indices.contains(selectedIndex) ? selectedIndex : nil
        super.init(frame: .zero)
    }

    /// Takes the keys (the window's menu is open: typing goes to it).
    package func takeKeys(from window: Window) {
        previousResponder = window.firstResponder
        becomeFirstResponder()
    }

    public override var canBecomeFirstResponder: Bool { true }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard !items.isEmpty else { close(choosing: nil); return true }
        switch event.key {
        case .escape: close(choosing: nil)
        case .enter, .character(" "): close(choosing: highlighted)
        case .up: highlight((highlighted ?? items.count) - 1)
        case .down: highlight((highlighted ?? -1) + 1)
        case .home: highlight(0)
        case .end: highlight(items.count - 1)
        case .character(let letter) where event.modifiers.subtracting(.shift).isEmpty:
            // The next row after the lit one whose title starts with the letter, round again.
            let start = (highlighted ?? -1) + 1
            let order = Array(items.indices[start...]) + Array(items.indices[..<start])
            if let found = order.first(where: { items[$0].lowercased().hasPrefix(String(letter).lowercased()) }) { highlight(found) }
        case .tab: break // the focus stays in the open menu
        default: break
        }
        return true // an open menu keeps the keys
    }

    private func highlight(_ index: Int) {
        highlighted = min(max(index, 0), items.count - 1)
        setNeedsDisplay(listFrame)
    }

    /// The pointer resting over a row lights it, as the keys do.
    public override func pointerHovered(at point: Point) {
        guard let row = row(at: point), row != highlighted else { return }
        highlight(row)
    }

    package func place(below anchor: Rect, within area: Rect) {
        let width = max(anchor.width, (items.map { font.width(of: $0) }.max() ?? 0) + 40)
        let height = Double(items.count) * Self.rowHeight + 8
        let y = anchor.maxY + height <= area.maxY ? anchor.maxY : max(area.minY, anchor.minY - height)
        let x = min(max(area.minX, anchor.minX), area.maxX - width)
        listFrame = Rect(x: x.rounded(), y: y.rounded(), width: width.rounded(), height: height)
    }

    /// The row under a point of this view.
    public func row(at point: Point) -> Int? {
        guard listFrame.contains(point) else { return nil }
        let index = Int((point.y - listFrame.minY - 4) / Self.rowHeight)
        return items.indices.contains(index) ? index : nil
    }

    public func frame(ofRow index: Int) -> Rect {
        Rect(x: listFrame.minX, y: listFrame.minY + 4 + Double(index) * Self.rowHeight, width: listFrame.width, height: Self.rowHeight)
    }

    /// Closes the menu, choosing `index` (nil: nothing).
    public func close(choosing index: Int?) {
        resignFirstResponder()
        previousResponder?.becomeFirstResponder()
        removeFromSuperview()
        onClose?(index)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first else { return }
        highlighted = row(at: touch.location(in: self))
        setNeedsDisplay(listFrame)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first else { return }
        highlighted = row(at: touch.location(in: self))
        setNeedsDisplay(listFrame)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first else { return }
        close(choosing: row(at: touch.location(in: self)))
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        // A soft shadow, the list, the current choice marked and the one under the pointer lit.
        context.fill(listFrame.offsetBy(dx: 0, dy: 2).insetBy(dx: -1, dy: -1), with: Color(r: 0, g: 0, b: 0, a: 40))
        context.fill(listFrame, with: .white)
        context.strokeBorder(listFrame, width: 1, color: Color(r: 190, g: 190, b: 198))
        for index in items.indices {
            let row = frame(ofRow: index)
            if index == highlighted { context.fill(row.insetBy(dx: 3, dy: 1), with: Color(r: 0, g: 122, b: 255)) }
            let color = index == highlighted ? Color.white : Color(r: 30, g: 30, b: 34)
            if index == selectedIndex {
                context.fill(Rect(x: row.minX + 10, y: row.midY - 3, width: 6, height: 6), with: color)
            }
            let baseline = (row.midY + (font.ascender + font.descender) / 2).rounded()
            context.draw(items[index], at: Point(x: row.minX + 26, y: baseline), font: font, color: color)
        }
    }
}
