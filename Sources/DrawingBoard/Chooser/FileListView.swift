import Foundation

/// The chooser's list of a folder: a header of columns (Name, Size, Modified) that sort when
/// clicked (again: the other way, shown by the arrow), and a row per entry; a click selects,
/// a double click opens (a folder) or chooses (a file). Long names are elided in the middle,
/// keeping their ending, with the whole name in the row's tooltip. The wheel and a drag scroll.
final class FileListView: View {
    static let rowHeight = 24.0
    static let headerHeight = 24.0
    /// The Size column goes when the list is narrow (the preview still says it): the name
    /// column keeps room to tell files apart.
    var sizeColumn: Double { bounds.width >= 380 ? 64 : 0 }
    var dateColumn: Double { 100 }

    var entries: [FolderListing.Entry] = [] {
        didSet {
            selected = nil
            offset = 0
            setNeedsDisplay()
        }
    }
    private(set) var selected: Int?
    var sortKey = FolderListing.SortKey.name
    var ascending = true
    /// Told a column's new order (the controller sorts the listing).
    var onSort: ((FolderListing.SortKey, Bool) -> Void)?
    var onSelect: ((FolderListing.Entry?) -> Void)?
    /// A double click or Enter on an entry.
    var onActivate: ((FolderListing.Entry) -> Void)?
    /// How far the rows are scrolled, in points.
    private(set) var offset = 0.0
    private let font = Font.system(size: 13)

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .white
        clipsToBounds = true
    }

    // MARK: - Selection

    func select(_ index: Int?) {
        let clamped = index.map { min(max($0, 0), entries.count - 1) }
        guard clamped != selected, clamped.map({ $0 >= 0 }) ?? true else { return }
        selected = clamped
        if let clamped { scrollToShow(clamped) }
        setNeedsDisplay()
        onSelect?(clamped.map { entries[$0] })
    }

    /// Moves the selection by `rows` (Up, Down, Page Up, Page Down).
    func moveSelection(by rows: Int) {
        guard !entries.isEmpty else { return }
        select((selected ?? (rows > 0 ? -1 : entries.count)) + rows)
    }

    var rowsPerPage: Int { max(1, Int((bounds.height - Self.headerHeight) / Self.rowHeight) - 1) }

    // MARK: - Scrolling

    private var contentHeight: Double { Double(entries.count) * Self.rowHeight }

    private func scroll(to value: Double) {
        let limited = min(max(0, value), max(0, contentHeight - (bounds.height - Self.headerHeight)))
        guard limited != offset else { return }
        offset = limited
        setNeedsDisplay()
    }

    private func scrollToShow(_ index: Int) {
        let top = Double(index) * Self.rowHeight, visible = bounds.height - Self.headerHeight
        if top < offset { scroll(to: top) } else if top + Self.rowHeight > offset + visible { scroll(to: top + Self.rowHeight - visible) }
    }

    override func scrollWheel(_ event: ScrollEvent) -> Bool {
        scroll(to: offset + event.delta.y)
        return true
    }

    // MARK: - Pointer

    /// The entry under a point of the view.
    func row(at point: Point) -> Int? {
        guard point.y >= Self.headerHeight else { return nil }
        let index = Int((point.y - Self.headerHeight + offset) / Self.rowHeight)
        return entries.indices.contains(index) ? index : nil
    }

    private var dragStart: (y: Double, offset: Double)?

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first else { return }
        let point = touch.location(in: self)
        dragStart = (point.y, offset)
        if point.y < Self.headerHeight { return sortByColumn(at: point.x) }
        guard let index = row(at: point) else { return }
        select(index)
        if touch.tapCount >= 2 { onActivate?(entries[index]) }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let start = dragStart, let point = touches.first?.location(in: self), start.y >= Self.headerHeight else { return }
        scroll(to: start.offset - (point.y - start.y))
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { dragStart = nil }

    private func sortByColumn(at x: Double) {
        let key: FolderListing.SortKey = x >= bounds.width - dateColumn ? .modified
            : sizeColumn > 0 && x >= bounds.width - dateColumn - sizeColumn ? .size : .name
        ascending = key == sortKey ? !ascending : true
        sortKey = key
        onSort?(key, ascending)
    }

    override func toolTip(at point: Point) -> String? {
        guard let index = row(at: point) else { return nil }
        let name = entries[index].name
        return font.width(of: name) > nameWidth ? name : nil
    }

    // MARK: - Drawing

    private var nameWidth: Double { max(40, bounds.width - sizeColumn - dateColumn - 36) }

    /// Dates as GNOME Files shows them: today the time, this year the day and month, else
    /// with the year too, in the user's own order of those.
    private static let formatters: [DateFormatter] = ["jm", "dMMM", "dMMMy"].map { template in
        let formatter = DateFormatter()
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter
    }

    static func shortDate(_ date: Date, now: Date = Date()) -> String {
        let calendar = Calendar.current
        if calendar.isDate(date, inSameDayAs: now) { return formatters[0].string(from: date) }
        return formatters[calendar.component(.year, from: date) == calendar.component(.year, from: now) ? 1 : 2].string(from: date)
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let text = Color(r: 30, g: 30, b: 34), faint = Color(r: 110, g: 110, b: 118)
        let first = max(0, Int(offset / Self.rowHeight)), last = min(entries.count, Int((offset + bounds.height) / Self.rowHeight) + 1)
        for index in first..<max(first, last) {
            let y = Self.headerHeight + Double(index) * Self.rowHeight - offset
            let frame = Rect(x: 0, y: y, width: bounds.width, height: Self.rowHeight)
            guard frame.intersects(rect) else { continue }
            let isSelected = index == selected
            if isSelected { context.fill(frame, with: Color(r: 0, g: 122, b: 255)) } else if index % 2 == 1 { context.fill(frame, with: Color(r: 246, g: 246, b: 249)) }
            let entry = entries[index], color = isSelected ? Color.white : text
            let baseline = (frame.midY + (font.ascender + font.descender) / 2).rounded()
            drawIcon(folder: entry.isFolder, at: Point(x: 8, y: frame.midY), color: isSelected ? .white : faint, in: context)
            context.draw(Self.elidingMiddle(entry.name, toFit: nameWidth, font: font), at: Point(x: 30, y: baseline), font: font, color: color)
            if !entry.isFolder, sizeColumn > 0 {
                let size = FileSizeText.text(entry.size)
                context.draw(size, at: Point(x: bounds.width - dateColumn - 8 - font.width(of: size), y: baseline), font: font, color: isSelected ? .white : faint)
            }
            context.draw(Self.shortDate(entry.modified), at: Point(x: bounds.width - dateColumn + 4, y: baseline), font: font,
                         color: isSelected ? .white : faint)
        }
        drawHeader(in: context)
    }

    private func drawHeader(in context: GraphicsContext) {
        let header = Rect(x: 0, y: 0, width: bounds.width, height: Self.headerHeight)
        context.fill(header, with: Color(r: 240, g: 240, b: 244))
        context.fill(Rect(x: 0, y: header.maxY - 1, width: bounds.width, height: 1), with: Color(r: 210, g: 210, b: 216))
        var columns: [(String, FolderListing.SortKey, Double)] = [(tr("Name"), .name, 30), (tr("Size"), .size, bounds.width - dateColumn - sizeColumn),
                                                                  (tr("Modified"), .modified, bounds.width - dateColumn + 4)]
        if sizeColumn == 0 { columns.remove(at: 1) }
        let baseline = (header.midY + (font.ascender + font.descender) / 2).rounded()
        for (title, key, x) in columns {
            context.draw(title, at: Point(x: x, y: baseline), font: font, color: Color(r: 60, g: 60, b: 66))
            guard key == sortKey else { continue }
            // The sorted column's arrow: up ascending, down descending.
            let ax = x + font.width(of: title) + 6, my = header.midY
            var arrow = Path()
            arrow.move(to: Point(x: ax, y: ascending ? my + 2 : my - 2))
            arrow.line(to: Point(x: ax + 8, y: ascending ? my + 2 : my - 2))
            arrow.line(to: Point(x: ax + 4, y: ascending ? my - 3 : my + 3))
            arrow.close()
            context.save()
            context.fillColor = Color(r: 60, g: 60, b: 66)
            context.fill(arrow)
            context.restore()
        }
    }

    /// A folder (a tab and a body) or a page with a folded corner, drawn so it shows in any theme.
    private func drawIcon(folder: Bool, at center: Point, color: Color, in context: GraphicsContext) {
        context.save()
        context.strokeColor = color
        context.lineWidth = 1.2
        var path = Path()
        if folder {
            path.move(to: Point(x: center.x, y: center.y - 5))
            path.line(to: Point(x: center.x + 5, y: center.y - 5))
            path.line(to: Point(x: center.x + 7, y: center.y - 3))
            path.line(to: Point(x: center.x + 14, y: center.y - 3))
            path.line(to: Point(x: center.x + 14, y: center.y + 6))
            path.line(to: Point(x: center.x, y: center.y + 6))
            path.close()
        } else {
            path.move(to: Point(x: center.x + 2, y: center.y - 7))
            path.line(to: Point(x: center.x + 9, y: center.y - 7))
            path.line(to: Point(x: center.x + 12, y: center.y - 4))
            path.line(to: Point(x: center.x + 12, y: center.y + 7))
            path.line(to: Point(x: center.x + 2, y: center.y + 7))
            path.close()
        }
        context.stroke(path)
        context.restore()
    }

    /// `name` cut in the middle with "…" so it fits `width`: its start and, more of, its
    /// ending stay (what tells timestamped files and formats apart: "X11Paint…21-31-05.png").
    static func elidingMiddle(_ name: String, toFit width: Double, font: Font) -> String {
        guard font.width(of: name) > width else { return name }
        let characters = Array(name)
        var keep = characters.count - 1
        while keep > 2 {
            let head = max(1, keep / 3), tail = keep - head
            let candidate = String(characters[..<head]) + "…" + String(characters[(characters.count - tail)...])
            if font.width(of: candidate) <= width { return candidate }
            keep -= 1
        }
        return "…"
    }
}
