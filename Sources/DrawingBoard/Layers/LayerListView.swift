/// The Layers panel's rows, top layer first, as GIMP and Pinta list them: a live thumbnail, the
/// name, an eye that shows or hides the layer, a lock when it is locked; the current layer lit.
/// A click chooses the layer painting goes to, a double click opens its properties, a drag
/// moves it up or down the stack; the background is the bottom row, under every layer.
final class LayerListView: View {
    static let rowHeight = 44.0
    static let eyeWidth = 32.0

    struct Row: Equatable {
        let id: Int
        let name: String
        let isVisible: Bool
        let isLocked: Bool
        /// What the row says beside the name when it mixes in a way of its own ("Multiply, 50%").
        let detail: String
    }

    /// Top layer first.
    var rows: [Row] = [] { didSet { if rows != oldValue { setNeedsDisplay() } } }
    var currentID = 0 { didSet { if currentID != oldValue { setNeedsDisplay() } } }
    /// Thumbnails by layer id, and the background's.
    var thumbnails: [Int: Image] = [:] { didSet { setNeedsDisplay() } }
    var backgroundThumbnail: Image? { didSet { setNeedsDisplay() } }
    var onSelect: ((Int) -> Void)?
    var onToggleVisibility: ((Int) -> Void)?
    var onOpenProperties: ((Int) -> Void)?
    var onBackground: (() -> Void)?
    /// A row dragged to another place: the layer and its new index counted from the bottom.
    var onMove: ((Int, Int) -> Void)?
    private let font = Font.system(size: 13)
    private let small = Font.system(size: 11)
    /// The row being dragged and the row it would land at.
    private var drag: (row: Int, startY: Double, target: Int?)?
    private(set) var offset = 0.0

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .white
        clipsToBounds = true
    }

    /// The index in `rows` at a point (`rows.count`: the background's row), nil below them.
    func rowIndex(at point: Point) -> Int? {
        let index = Int(((point.y + offset) / Self.rowHeight).rounded(.down))
        return index >= 0 && index <= rows.count ? index : nil
    }

    func rowFrame(_ index: Int) -> Rect { Rect(x: 0, y: Double(index) * Self.rowHeight - offset, width: bounds.width, height: Self.rowHeight) }

    /// Keeps the current layer's row in view.
    func scrollToCurrent() {
        guard let index = rows.firstIndex(where: { $0.id == currentID }) else { return }
        let frame = rowFrame(index)
        if frame.minY < 0 { offset += frame.minY } else if frame.maxY > bounds.height { offset += frame.maxY - bounds.height }
        offset = max(0, min(offset, maxOffset))
        setNeedsDisplay()
    }

    private var maxOffset: Double { max(0, Double(rows.count + 1) * Self.rowHeight - bounds.height) }

    // MARK: - Touches

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first else { return }
        let point = touch.location(in: self)
        guard let index = rowIndex(at: point) else { return }
        guard index < rows.count else { return onBackground?() ?? () }
        let id = rows[index].id
        if point.x >= bounds.width - Self.eyeWidth { return onToggleVisibility?(id) ?? () }
        onSelect?(id)
        if touch.tapCount >= 2 { return onOpenProperties?(id) ?? () }
        drag = (index, point.y, nil)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let start = drag, let point = touches.first?.location(in: self) else { return }
        // A few points of slack: a click that wobbles is not a move.
        guard abs(point.y - start.startY) > 6 else { return }
        let over = Int(((point.y + offset) / Self.rowHeight).rounded(.down))
        drag?.target = min(max(over, 0), rows.count - 1)
        setNeedsDisplay()
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        // Where the button came up counts (a quick flick has no move in between).
        touchesMoved(touches, with: event)
        defer {
            drag = nil
            setNeedsDisplay()
        }
        guard let start = drag, let target = start.target, target != start.row else { return }
        // Rows are top first; the stack counts from the bottom.
        onMove?(rows[start.row].id, rows.count - 1 - target)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        drag = nil
        setNeedsDisplay()
    }

    override func scrollWheel(_ event: ScrollEvent) -> Bool {
        offset = max(0, min(offset + event.delta.y, maxOffset))
        setNeedsDisplay()
        return true
    }

    override func toolTip(at point: Point) -> String? {
        guard let index = rowIndex(at: point) else { return nil }
        guard index < rows.count else { return tr("The background: a colour or a picture the eraser reveals (click to change it)") }
        if point.x >= bounds.width - Self.eyeWidth { return rows[index].isVisible ? tr("Hide this layer") : tr("Show this layer") }
        return tr("Double-click for the layer's properties; drag to move it")
    }

    // MARK: - Drawing

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        for index in 0...rows.count {
            let frame = rowFrame(index)
            guard frame.intersects(rect) else { continue }
            if index == rows.count {
                drawRow(frame, name: tr("Background"), detail: "", thumbnail: backgroundThumbnail, isCurrent: false, in: context)
                continue
            }
            let row = rows[index]
            drawRow(frame, name: row.name, detail: row.detail, thumbnail: thumbnails[row.id], isCurrent: row.id == currentID, in: context)
            let tint = row.id == currentID ? Color.white : Color(r: 60, g: 60, b: 66)
            let eye = row.isVisible ? "view-reveal" : "view-conceal"
            if let icon = Icons.shared.image(named: eye, pixels: 16, color: tint) {
                context.draw(icon, in: Rect(x: frame.maxX - Self.eyeWidth + 8, y: frame.midY - 8, width: 16, height: 16))
            }
            if row.isLocked, let lock = Icons.shared.image(named: "changes-prevent", pixels: 12, color: tint) {
                context.draw(lock, in: Rect(x: frame.maxX - Self.eyeWidth - 14, y: frame.midY - 6, width: 12, height: 12))
            }
        }
        // Where a dragged row would land: a line between rows.
        if let target = drag?.target, let start = drag, target != start.row {
            let y = target > start.row ? rowFrame(target).maxY : rowFrame(target).minY
            context.fill(Rect(x: 4, y: y - 1.5, width: bounds.width - 8, height: 3), with: Color(r: 0, g: 122, b: 255))
        }
    }

    private func drawRow(_ frame: Rect, name: String, detail: String, thumbnail: Image?, isCurrent: Bool, in context: GraphicsContext) {
        if isCurrent { context.fill(frame, with: Color(r: 0, g: 122, b: 255)) }
        context.fill(Rect(x: 0, y: frame.maxY - 1, width: frame.width, height: 1), with: Color(r: 228, g: 228, b: 232))
        let box = Rect(x: 6, y: frame.minY + 5, width: 46, height: frame.height - 10)
        // The picture's own shape inside the box, over the squares that show transparency.
        var shown = box
        if let thumbnail {
            let s = min(box.width / Double(thumbnail.width), box.height / Double(thumbnail.height))
            let w = (Double(thumbnail.width) * s).rounded(), h = (Double(thumbnail.height) * s).rounded()
            shown = Rect(x: (box.midX - w / 2).rounded(), y: (box.midY - h / 2).rounded(), width: w, height: h)
        }
        drawChecks(shown, in: context)
        if let thumbnail { context.draw(thumbnail, in: shown) }
        // A hairline round it, so a white picture on a white row still shows its edge.
        let edge = Color(r: 180, g: 180, b: 188)
        for line in [Rect(x: shown.minX, y: shown.minY, width: shown.width, height: 1), Rect(x: shown.minX, y: shown.maxY - 1, width: shown.width, height: 1),
                     Rect(x: shown.minX, y: shown.minY, width: 1, height: shown.height), Rect(x: shown.maxX - 1, y: shown.minY, width: 1, height: shown.height)] {
            context.fill(line, with: edge)
        }
        let color = isCurrent ? Color.white : Color(r: 30, g: 30, b: 34)
        let textWidth = frame.width - box.maxX - 8 - Self.eyeWidth - 14
        let nameY = detail.isEmpty ? (frame.midY + (font.ascender + font.descender) / 2).rounded() : frame.minY + 19
        context.draw(FileListView.elidingMiddle(name, toFit: textWidth, font: font), at: Point(x: box.maxX + 8, y: nameY), font: font, color: color)
        if !detail.isEmpty {
            context.draw(FileListView.elidingMiddle(detail, toFit: textWidth, font: small), at: Point(x: box.maxX + 8, y: frame.minY + 35), font: small,
                         color: isCurrent ? Color(r: 220, g: 235, b: 255) : Color(r: 110, g: 110, b: 118))
        }
    }

    /// The grey and white squares transparency is shown over.
    private func drawChecks(_ box: Rect, in context: GraphicsContext) {
        context.fill(box, with: .white)
        let side = 6.0
        var y = box.minY
        var row = 0
        while y < box.maxY {
            var x = box.minX + (row % 2 == 0 ? 0 : side)
            while x < box.maxX {
                context.fill(Rect(x: x, y: y, width: min(side, box.maxX - x), height: min(side, box.maxY - y)), with: Color(r: 214, g: 214, b: 220))
                x += side * 2
            }
            y += side
            row += 1
        }
    }
}
