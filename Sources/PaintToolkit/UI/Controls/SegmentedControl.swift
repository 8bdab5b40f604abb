/// A row of mutually exclusive segments; sends valueChanged when the selection changes.
open class SegmentedControl: Control {
    public var items: [String] { didSet { setNeedsDisplay() } }
    public var selectedSegmentIndex: Int { didSet { if selectedSegmentIndex != oldValue { setNeedsDisplay() } } }
    public var font = Font.system(size: 13)
    public var tintColor = Color(r: 0, g: 122, b: 255)

    /// Each segment's tooltip (the tool's name and its key), by index.
    public var segmentToolTips: [String] = []
    /// The segment under the pointer, lit as hover.
    public private(set) var hoveredSegment: Int? { didSet { if hoveredSegment != oldValue { setNeedsDisplay() } } }

    public init(items: [String], frame: Rect = .zero) {
        self.items = items
        selectedSegmentIndex = items.isEmpty ? -1 : 0
        super.init(frame: frame)
    }

    /// Icons by freedesktop name, one per segment: when the theme has them they replace the
    /// labels (which the tooltips then carry), as paint programs' tool palettes do.
    public var segmentIcons: [String] = [] { didSet { setNeedsDisplay() } }
    private static let iconSize = 16.0

    private var showsIcons: Bool {
        segmentIcons.count == items.count && !items.isEmpty
            && segmentIcons.allSatisfy { Icons.shared.file(named: $0, size: Int(Self.iconSize), scale: 1) != nil }
    }

    /// Wide enough that every segment shows its whole label (or a comfortable icon target).
    public var intrinsicWidth: Double {
        // 36 points a segment: an 18-point icon with room for the pointer, eleven tools in 640
        // points; a long palette (over twenty) 30, still a fair target, to fit 1024 points.
        if showsIcons { return Double(items.count) * (items.count > 20 ? 30 : 36) }
        return Double(items.count) * ((items.map { font.width(of: $0) }.max() ?? 0) + 16)
    }

    /// The segment under a point in this view, if any.
    public func segment(at point: Point) -> Int? {
        guard !items.isEmpty, bounds.contains(point) else { return nil }
        return min(items.count - 1, Int(point.x / (bounds.width / Double(items.count))))
    }

    public func frame(ofSegment index: Int) -> Rect {
        let width = bounds.width / Double(max(1, items.count))
        return Rect(x: Double(index) * width, y: 0, width: width, height: bounds.height)
    }

    open override func pointerHovered(at point: Point) { hoveredSegment = segment(at: point) }

    open override func pointerInsideChanged() {
        if !isPointerInside { hoveredSegment = nil }
        super.pointerInsideChanged()
    }

    open override func toolTip(at point: Point) -> String? {
        guard let index = segment(at: point), index < segmentToolTips.count else { return toolTip }
        return segmentToolTips[index]
    }

    open override var acceptsKeyboardFocus: Bool { true }

    /// Left and Right choose the neighbouring segment of the focused control.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty, event.key == .left || event.key == .right, !items.isEmpty else { return super.keyDown(event) }
        let index = min(max(selectedSegmentIndex + (event.key == .left ? -1 : 1), 0), items.count - 1)
        if index != selectedSegmentIndex {
            selectedSegmentIndex = index
            sendActions(for: .valueChanged)
        }
        return true
    }

    open override func endTracking(_ touch: Touch) {
        guard let index = segment(at: touch.location(in: self)), index != selectedSegmentIndex else { return }
        selectedSegmentIndex = index
        sendActions(for: .valueChanged)
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let outline = Path.roundedRect(bounds.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 5)
        context.save()
        context.fillColor = .white
        context.fill(outline)
        for index in items.indices {
            let segment = frame(ofSegment: index)
            let selected = index == selectedSegmentIndex
            if selected {
                context.save()
                context.clip(to: outline)
                context.fill(segment, with: isEnabled ? tintColor : tintColor.withAlpha(0.4))
                context.restore()
            }
            if !selected && index == hoveredSegment && isEnabled {
                context.save()
                context.clip(to: outline)
                context.fill(segment, with: tintColor.withAlpha(0.12))
                context.restore()
            }
            if index > 0 { context.fill(Rect(x: segment.minX, y: 0, width: 1, height: bounds.height), with: tintColor) }
            let ink = selected ? Color.white : tintColor
            let pixels = Int((Self.iconSize * context.deviceScale).rounded())
            if showsIcons, let icon = Icons.shared.image(named: segmentIcons[index], pixels: pixels, color: ink) {
                let box = context.pixelAligned(Rect(x: segment.midX - Self.iconSize / 2, y: segment.midY - Self.iconSize / 2,
                                                    width: Self.iconSize, height: Self.iconSize))
                context.draw(icon, in: box)
            } else {
                context.draw(items[index], centeredIn: segment, font: font, color: ink)
            }
        }
        context.strokeColor = tintColor
        context.lineWidth = 1
        context.stroke(outline)
        context.restore()
    }
}
