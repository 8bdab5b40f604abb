/// An open menu and the submenus opened from it, over the whole window so a click anywhere
/// else closes them without doing anything (as GTK's and Qt's menus do). Each level is a box of
/// rows: the title, the shortcut at the right, a check for commands that are on, an arrow for
/// submenus, greyed rows that cannot run now. Pointer: resting on a submenu's row opens it,
/// a click runs a command. Keys: Up/Down/Home/End/Page Up/Page Down move (over separators and greyed rows),
/// Right or Enter opens a submenu, Left closes one, Enter or Space runs, Escape closes a level,
/// F10 closes them all, a letter jumps to the next row starting with it. It keeps the keys
/// while open and gives them back when it closes.
public final class MenuView: View {
    public static let rowHeight = 24.0
    static let separatorHeight = 9.0
    static let padding = 4.0

    /// One open box: its rows, where it is, the row lit and the row of the level before that
    /// opened it.
    public struct Level {
        public let menu: Menu
        public let rows: [Menu.Row]
        public internal(set) var frame: Rect
        public internal(set) var highlighted: Int?
        let openedFrom: Int?
        /// Its rows' height: the usual one, less in a window too short for all of them.
        let rowHeight: Double
        /// Each row's top, from the box's top.
        let offsets: [Double]
        /// Side by side columns of rows, in a window too short for one (a long menu's rows would
        /// otherwise go under the pointer's fair size); each the box's width over their number.
        var columns = 1
        var rowsPerColumn: Int { MenuView.rowsPerColumn(rows.count, columns: columns) }

        public func frame(ofRow index: Int) -> Rect {
            let height = rows[index].isSeparator ? MenuView.separatorHeight : rowHeight
            let width = frame.width / Double(columns), column = Double(index / rowsPerColumn)
            return Rect(x: frame.minX + column * width, y: frame.minY + MenuView.padding + offsets[index], width: width, height: height)
        }

        func row(at point: Point) -> Int? {
            guard frame.contains(point) else { return nil }
            return rows.indices.first { frame(ofRow: $0).contains(point) }
        }
    }

    public private(set) var levels: [Level] = []
    private let font: Font
    /// Told when the menu has closed (before the chosen command, if any, runs).
    public var onClose: (() -> Void)?
    private weak var previousResponder: Responder?

    init(font: Font) {
        self.font = font
        super.init(frame: .zero)
    }

    /// Opens `menu` in `window` under `anchor` (a rectangle in the window: the button that opened
    /// it), its right edge on the anchor's when it would pass the window's right edge. With
    /// `highlightingFirst` (opened by a key) the first row is lit; `highlighting` lights a given
    /// one (a pop-up button's current choice). `minimumWidth`: as wide as the button at least.
    @discardableResult
    public static func present(_ menu: Menu, from anchor: Rect, in window: Window, highlightingFirst: Bool = false, highlighting row: Int? = nil,
                               minimumWidth: Double = 0, font: Font = Font.system(size: 13)) -> MenuView {
        let view = MenuView(font: font)
        view.frame = window.bounds
        window.addSubview(view)
        let rows = menu.rows
        view.open(menu, rows: rows, at: view.placement(for: rows, below: anchor, minimumWidth: minimumWidth), from: nil)
        if let row, rows.indices.contains(row), rows[row].isSelectable { view.highlight(row) } else if highlightingFirst { view.moveHighlight(by: 1) }
        view.previousResponder = window.firstResponder
        view.becomeFirstResponder()
        return view
    }

    /// The titles of the open menus, outermost first (tests).
    public var openTitles: [String] { levels.map(\.menu.title) }
    /// The outermost menu's lit row, its box and a row's place in it (a pop-up button's list).
    public var highlighted: Int? { levels.first?.highlighted }
    public var listFrame: Rect { levels.first?.frame ?? .zero }
    public func frame(ofRow index: Int) -> Rect { levels[0].frame(ofRow: index) }

    // MARK: - Keys

    public override var canBecomeFirstResponder: Bool { true }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard let level = levels.last else { return true }
        switch event.key {
        case .escape: closeLevel()
        case .function(10): close()
        case .left: if levels.count > 1 { closeLevel() }
        case .up: moveHighlight(by: -1)
        case .down: moveHighlight(by: 1)
        // Page Up and Page Down go to the ends too, as in GTK's menus.
        case .home, .pageUp: changing { levels[levels.count - 1].highlighted = nil }; moveHighlight(by: 1)
        case .end, .pageDown: changing { levels[levels.count - 1].highlighted = nil }; moveHighlight(by: -1)
        case .right, .enter, .character(" "):
            // A submenu the pointer opened has nothing lit yet: the keys start in it.
            guard let index = level.highlighted else { if levels.count > 1 { moveHighlight(by: 1) }; break }
            if case .submenu = level.rows[index] {
                openSubmenu(ofRow: index)
                moveHighlight(by: 1)
            } else if event.key != .right {
                activate(level.rows[index])
            }
        case .character(let letter) where event.modifiers.subtracting(.shift).isEmpty:
            // The next selectable row after the lit one whose title starts with the letter.
            let start = (level.highlighted ?? -1) + 1
            let order = Array(level.rows.indices[min(start, level.rows.count)...]) + Array(level.rows.indices[..<min(start, level.rows.count)])
            if let found = order.first(where: { level.rows[$0].isSelectable && level.rows[$0].title.lowercased().hasPrefix(String(letter).lowercased()) }) {
                highlight(found)
            }
        default: break
        }
        return true // an open menu keeps the keys
    }

    /// Lights the next (or previous) selectable row of the innermost menu, round again.
    private func moveHighlight(by step: Int) {
        guard let level = levels.last, level.rows.contains(where: \.isSelectable) else { return }
        var index = level.highlighted ?? (step > 0 ? -1 : level.rows.count)
        repeat {
            index = (index + step + level.rows.count) % level.rows.count
        } while !level.rows[index].isSelectable
        highlight(index)
    }

    /// Lights `index` in the innermost menu, closing what another row of it had opened.
    private func highlight(_ index: Int) {
        changing {
            levels[levels.count - 1].highlighted = index
        }
    }

    // MARK: - Pointer

    public override func pointerHovered(at point: Point) { hover(at: point) }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let point = touches.first?.location(in: self) else { return }
        if levels.contains(where: { $0.frame.contains(point) }) { hover(at: point) } else { close() }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let point = touches.first?.location(in: self) else { return }
        hover(at: point)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let point = touches.first?.location(in: self),
              let depth = levels.lastIndex(where: { $0.frame.contains(point) }),
              let index = levels[depth].row(at: point), levels[depth].rows[index].isSelectable else { return }
        if case .command = levels[depth].rows[index] { activate(levels[depth].rows[index]) }
    }

    /// Lights the row under the pointer in the innermost box that holds it, closes the boxes a
    /// sibling row had opened, and opens the row's submenu.
    private func hover(at point: Point) {
        guard let depth = levels.lastIndex(where: { $0.frame.contains(point) }) else { return }
        let index = levels[depth].row(at: point)
        changing {
            if levels.count > depth + 1, levels[depth + 1].openedFrom != index { levels.removeSubrange((depth + 1)...) }
            levels[depth].highlighted = index.flatMap { levels[depth].rows[$0].isSelectable ? $0 : nil }
        }
        if let index, levels.count == depth + 1, case .submenu = levels[depth].rows[index], levels[depth].rows[index].isSelectable {
            openSubmenu(ofRow: index)
        }
    }

    // MARK: - Opening and closing

    private func openSubmenu(ofRow index: Int) {
        guard let parent = levels.last, case .submenu(let menu) = parent.rows[index] else { return }
        let row = parent.frame(ofRow: index)
        // Once an opening: a deferred part (Open Recent) reads its files when asked.
        let rows = menu.rows
        let size = self.size(of: rows)
        var x = parent.frame.maxX - 2
        if x + size.width > bounds.maxX { x = max(bounds.minX, parent.frame.minX - size.width + 2) }
        let y = max(bounds.minY, min(row.minY - Self.padding, bounds.maxY - size.height))
        open(menu, rows: rows, at: Rect(x: x, y: y, width: size.width, height: size.height), from: index)
    }

    private func open(_ menu: Menu, rows: [Menu.Row], at frame: Rect, from row: Int?) {
        let rowHeight = self.rowHeight(for: rows), columns = self.columns(for: rows)
        let perColumn = Self.rowsPerColumn(rows.count, columns: columns)
        var offsets: [Double] = [], y = 0.0
        for (index, row) in rows.enumerated() {
            if index % perColumn == 0 { y = 0 }
            offsets.append(y)
            y += row.isSeparator ? Self.separatorHeight : rowHeight
        }
        var level = Level(menu: menu, rows: rows, frame: frame, highlighted: nil, openedFrom: row, rowHeight: rowHeight, offsets: offsets)
        level.columns = columns
        changing { levels.append(level) }
    }

    /// The smallest row a pointer still takes fairly.
    static let leastRowHeight = 17.0

    /// How many of `count` rows each of `columns` columns holds (the last maybe fewer).
    static func rowsPerColumn(_ count: Int, columns: Int) -> Int { (count + columns - 1) / max(columns, 1) }

    /// One column, or as many as a window too short for the rows at the least height takes.
    private func columns(for rows: [Menu.Row]) -> Int {
        let room = bounds.height - 2 * Self.padding
        guard room > 0 else { return 1 }
        let needed = rows.reduce(0) { $0 + ($1.isSeparator ? Self.separatorHeight : Self.leastRowHeight) }
        return max(1, min(4, Int((needed / room).rounded(.up))))
    }

    /// The usual row height, or as much less (down to 17 points, still a fair target for a
    /// pointer) as lets every row of a column show in a short window: a long menu squeezed, or
    /// in columns, beats one cut at the bottom.
    private func rowHeight(for rows: [Menu.Row]) -> Double {
        let column = rows.prefix(Self.rowsPerColumn(rows.count, columns: columns(for: rows)))
        let separators = Double(column.filter(\.isSeparator).count) * Self.separatorHeight
        let count = Double(column.filter { !$0.isSeparator }.count)
        guard count > 0 else { return Self.rowHeight }
        return min(Self.rowHeight, max(Self.leastRowHeight, ((bounds.height - 2 * Self.padding - separators) / count).rounded(.down)))
    }

    private func closeLevel() {
        if levels.count > 1 { changing { _ = levels.removeLast() } } else { close() }
    }

    /// Closes every level, then runs `command`'s action (so what it opens is not under the menu).
    private func activate(_ row: Menu.Row) {
        guard case .command(let command) = row, command.isEnabled else { return }
        close()
        command.run()
    }

    /// Closes the menu without running anything.
    public func close() {
        guard superview != nil else { return }
        resignFirstResponder()
        previousResponder?.becomeFirstResponder()
        setNeedsDisplay(area)
        removeFromSuperview()
        onClose?()
    }

    // MARK: - Geometry

    /// Where the menus are, with their shadows.
    private var area: Rect { levels.map { $0.frame.insetBy(dx: -2, dy: -2).offsetBy(dx: 0, dy: 2) }.reduce(Rect.zero) { $0.width == 0 ? $1 : $0.union($1) } }

    /// Makes a change to the levels and repaints what it touched.
    private func changing(_ change: () -> Void) {
        let before = area
        change()
        let after = area
        setNeedsDisplay(before.width == 0 ? after : before.union(after))
    }

    private func size(of rows: [Menu.Row]) -> Size {
        let titles = rows.map { font.width(of: $0.title) }.max() ?? 0
        let keys = rows.map { row -> Double in if case .command(let command) = row { font.width(of: command.keyLabel) } else { 0 } }.max() ?? 0
        let rowHeight = self.rowHeight(for: rows), columns = self.columns(for: rows)
        let column = rows.prefix(Self.rowsPerColumn(rows.count, columns: columns))
        let height = column.reduce(2 * Self.padding) { $0 + ($1.isSeparator ? Self.separatorHeight : rowHeight) }
        let width = (Self.checkColumn + titles + (keys > 0 ? 32 + keys : 0) + Self.arrowColumn).rounded(.up)
        return Size(width: width * Double(columns), height: height)
    }

    static let checkColumn = 26.0
    static let arrowColumn = 24.0

    private func placement(for rows: [Menu.Row], below anchor: Rect, minimumWidth: Double) -> Rect {
        var size = self.size(of: rows)
        size.width = max(size.width, minimumWidth.rounded(.up))
        var x = anchor.minX
        if x + size.width > bounds.maxX { x = max(bounds.minX, anchor.maxX - size.width) }
        let y = anchor.maxY + size.height <= bounds.maxY ? anchor.maxY : max(bounds.minY, bounds.maxY - size.height)
        return Rect(x: x.rounded(), y: y.rounded(), width: size.width, height: size.height)
    }

    // MARK: - Drawing

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        for level in levels where level.frame.insetBy(dx: -3, dy: -3).intersects(rect) {
            context.fill(level.frame.offsetBy(dx: 0, dy: 2).insetBy(dx: -1, dy: -1), with: Color(r: 0, g: 0, b: 0, a: 40))
            context.fill(level.frame, with: .white)
            context.strokeBorder(level.frame, width: 1, color: Color(r: 190, g: 190, b: 198))
            for index in level.rows.indices { draw(level.rows[index], in: level.frame(ofRow: index), lit: index == level.highlighted, context: context) }
        }
    }

    private func draw(_ row: Menu.Row, in frame: Rect, lit: Bool, context: GraphicsContext) {
        if row.isSeparator {
            context.fill(Rect(x: frame.minX + 8, y: frame.midY.rounded() - 0.5, width: frame.width - 16, height: 1), with: Color(r: 220, g: 220, b: 226))
            return
        }
        if lit { context.fill(frame.insetBy(dx: 3, dy: 1), with: Color(r: 0, g: 122, b: 255)) }
        let color = lit ? Color.white : row.isSelectable ? Color(r: 30, g: 30, b: 34) : Color(r: 160, g: 160, b: 166)
        let baseline = (frame.midY + (font.ascender + font.descender) / 2).rounded()
        context.draw(row.title, at: Point(x: frame.minX + Self.checkColumn, y: baseline), font: font, color: color)
        switch row {
        case .command(let command):
            if command.state == .on {
                var check = Path()
                check.move(to: Point(x: frame.minX + 9, y: frame.midY))
                check.line(to: Point(x: frame.minX + 12.5, y: frame.midY + 3.5))
                check.line(to: Point(x: frame.minX + 18, y: frame.midY - 4))
                context.save()
                context.strokeColor = color
                context.lineWidth = 2
                context.stroke(check)
                context.restore()
            }
            let keys = command.keyLabel
            if !keys.isEmpty {
                let x = frame.maxX - Self.arrowColumn + 8 - font.width(of: keys)
                context.draw(keys, at: Point(x: x.rounded(), y: baseline), font: font, color: lit ? .white : Color(r: 120, g: 120, b: 128))
            }
        case .submenu:
            var arrow = Path()
            let x = frame.maxX - 16
            arrow.move(to: Point(x: x, y: frame.midY - 4.5))
            arrow.line(to: Point(x: x + 5, y: frame.midY))
            arrow.line(to: Point(x: x, y: frame.midY + 4.5))
            arrow.close()
            context.save()
            context.fillColor = color
            context.fill(arrow)
            context.restore()
        case .separator: break
        }
    }
}
