/// The History panel's rows, oldest first as Pinta's History pad lists them: the drawing as it
/// was opened or made, then a row per change with its tool's icon and name. The state shown is
/// lit; changes undone are greyed and stay until a new change replaces them. A click goes to
/// just after the row's change, back or forward.
final class HistoryListView: View {
    static let rowHeight = 30.0

    struct Row: Equatable {
        let name: String
        let icon: String?
        /// Undone: the redo steps after the state shown.
        let isUndone: Bool
    }

    /// How many rows there are, and each one, made only when it shows: a history of 10,000
    /// changes costs the rows in view, not 10,000 names, each time the document changes.
    private(set) var rowCount = 0
    private var rowAt: (Int) -> Row = { _ in Row(name: "", icon: nil, isUndone: false) }
    /// The row whose state the drawing shows.
    private(set) var currentIndex = 0

    func show(rowCount: Int, currentIndex: Int, row: @escaping (Int) -> Row) {
        self.rowCount = rowCount
        self.currentIndex = currentIndex
        rowAt = row
        setNeedsDisplay()
    }

    /// Every row, made now (tests read them).
    var rows: [Row] { (0..<rowCount).map(rowAt) }
    var onChoose: ((Int) -> Void)?
    private let font = Font.system(size: 13)
    private(set) var offset = 0.0

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .white
        clipsToBounds = true
    }

    func rowIndex(at point: Point) -> Int? {
        let index = Int(((point.y + offset) / Self.rowHeight).rounded(.down))
        return (0..<rowCount).contains(index) ? index : nil
    }

    func rowFrame(_ index: Int) -> Rect { Rect(x: 0, y: Double(index) * Self.rowHeight - offset, width: bounds.width, height: Self.rowHeight) }

    /// Keeps the lit row in view.
    func scrollToCurrent() {
        guard (0..<rowCount).contains(currentIndex) else { return }
        let frame = rowFrame(currentIndex)
        if frame.minY < 0 { offset += frame.minY } else if frame.maxY > bounds.height { offset += frame.maxY - bounds.height }
        offset = max(0, min(offset, maxOffset))
        setNeedsDisplay()
    }

    private var maxOffset: Double { max(0, Double(rowCount) * Self.rowHeight - bounds.height) }

    // MARK: - Touches

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let point = touches.first?.location(in: self), let index = rowIndex(at: point) else { return }
        onChoose?(index)
    }

    override func scrollWheel(_ event: ScrollEvent) -> Bool {
        offset = max(0, min(offset + event.delta.y, maxOffset))
        setNeedsDisplay()
        return true
    }

    override func toolTip(at point: Point) -> String? {
        guard rowIndex(at: point) != nil else { return nil }
        return tr("Click to go back or forward to this step")
    }

    // MARK: - Drawing

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let first = max(0, Int((offset / Self.rowHeight).rounded(.down)))
        let last = min(rowCount, Int(((offset + bounds.height) / Self.rowHeight).rounded(.up)) + 1)
        for index in first..<max(first, last) {
            let frame = rowFrame(index)
            guard frame.intersects(rect) else { continue }
            let row = rowAt(index)
            let isCurrent = index == currentIndex
            if isCurrent { context.fill(frame, with: Color(r: 0, g: 122, b: 255)) }
            context.fill(Rect(x: 0, y: frame.maxY - 1, width: frame.width, height: 1), with: Color(r: 236, g: 236, b: 240))
            let color = isCurrent ? Color.white : row.isUndone ? Color(r: 160, g: 160, b: 166) : Color(r: 30, g: 30, b: 34)
            if let name = row.icon, let icon = Icons.shared.image(named: name, pixels: Int((16 * context.deviceScale).rounded()), color: color) {
                context.draw(icon, in: Rect(x: 10, y: frame.midY - 8, width: 16, height: 16))
            }
            let baseline = (frame.midY + (font.ascender + font.descender) / 2).rounded()
            context.draw(FileListView.elidingMiddle(row.name, toFit: frame.width - 44, font: font), at: Point(x: 34, y: baseline), font: font, color: color)
        }
    }
}
