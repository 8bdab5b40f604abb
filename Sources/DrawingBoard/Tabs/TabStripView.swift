/// The window's open documents as tabs under the toolbar (Pinta's): each with its name, a `*`
/// while unsaved and a close button; the current one lit. A click shows a tab, its × closes
/// it (asking about unsaved changes first), a drag along the strip moves it. Tabs share the
/// width, down to a smallest one.
final class TabStripView: View {
    static let preferredTabWidth = 200.0
    static let smallestTabWidth = 72.0
    static let closeWidth = 24.0

    private(set) var titles: [String] = []
    private(set) var currentIndex = 0
    var onSelect: ((Int) -> Void)?
    var onClose: ((Int) -> Void)?
    /// A tab dragged to another place among the tabs: from its index to its new one.
    var onMove: ((Int, Int) -> Void)?
    /// The tab a press began on, while it is held.
    private var pressedIndex: Int?
    private let font = Font.system(size: 13)

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(r: 228, g: 228, b: 232)
        clipsToBounds = true
    }

    func show(titles: [String], currentIndex: Int) {
        guard titles != self.titles || currentIndex != self.currentIndex else { return }
        self.titles = titles
        self.currentIndex = currentIndex
        setNeedsDisplay()
    }

    var tabWidth: Double {
        guard !titles.isEmpty else { return Self.preferredTabWidth }
        return max(Self.smallestTabWidth, min(Self.preferredTabWidth, (bounds.width / Double(titles.count)).rounded(.down)))
    }

    func tabFrame(_ index: Int) -> Rect { Rect(x: Double(index) * tabWidth, y: 0, width: tabWidth, height: bounds.height) }

    func closeFrame(_ index: Int) -> Rect {
        let tab = tabFrame(index)
        return Rect(x: tab.maxX - Self.closeWidth - 2, y: tab.minY, width: Self.closeWidth, height: tab.height)
    }

    func tabIndex(at point: Point) -> Int? {
        let index = Int((point.x / tabWidth).rounded(.down))
        return titles.indices.contains(index) && point.y >= 0 && point.y < bounds.height ? index : nil
    }

    // MARK: - Touches

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        pressedIndex = touches.first.flatMap { tabIndex(at: $0.location(in: self)) }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        defer { pressedIndex = nil }
        guard let point = touches.first?.location(in: self) else { return }
        // Dragged along the strip (Pinta's, a browser's): the tab goes where it was let go.
        if let from = pressedIndex, !titles.isEmpty {
            let to = min(max(Int((point.x / tabWidth).rounded(.down)), 0), titles.count - 1)
            if to != from { return onMove?(from, to) ?? () }
        }
        guard let index = tabIndex(at: point) else { return }
        if closeFrame(index).contains(point) { onClose?(index) } else { onSelect?(index) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { pressedIndex = nil }

    override func scrollWheel(_ event: ScrollEvent) -> Bool {
        // The wheel over the tabs steps through them, as GTK's notebooks do.
        guard !titles.isEmpty, event.delta.y != 0 else { return false }
        onSelect?((currentIndex + (event.delta.y > 0 ? 1 : titles.count - 1)) % titles.count)
        return true
    }

    override func toolTip(at point: Point) -> String? {
        guard let index = tabIndex(at: point) else { return nil }
        return closeFrame(index).contains(point) ? tr("Close this drawing (Ctrl+W)") : titles[index]
    }

    // MARK: - Drawing

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let line = Color(r: 200, g: 200, b: 206)
        context.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), with: line)
        for index in titles.indices {
            let frame = tabFrame(index)
            guard frame.intersects(rect) else { continue }
            let isCurrent = index == currentIndex
            if isCurrent { context.fill(Rect(x: frame.minX, y: 0, width: frame.width, height: frame.height), with: .white) }
            context.fill(Rect(x: frame.maxX - 1, y: 4, width: 1, height: frame.height - 8), with: line)
            if isCurrent { context.fill(Rect(x: frame.minX, y: 0, width: frame.width, height: 2), with: Color(r: 0, g: 122, b: 255)) }
            let color = isCurrent ? Color(r: 20, g: 20, b: 24) : Color(r: 80, g: 80, b: 88)
            let baseline = (frame.midY + (font.ascender + font.descender) / 2).rounded()
            let title = FileListView.elidingMiddle(titles[index], toFit: frame.width - Self.closeWidth - 16, font: font)
            context.draw(title, at: Point(x: frame.minX + 10, y: baseline), font: font, color: color)
            let close = closeFrame(index)
            let size = 4.0, center = Point(x: close.midX, y: close.midY)
            context.strokeLine(from: Point(x: center.x - size, y: center.y - size), to: Point(x: center.x + size, y: center.y + size), width: 1.5, color: color)
            context.strokeLine(from: Point(x: center.x - size, y: center.y + size), to: Point(x: center.x + size, y: center.y - size), width: 1.5, color: color)
        }
    }
}
