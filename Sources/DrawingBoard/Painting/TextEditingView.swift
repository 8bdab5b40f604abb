/// The text tool's box over the canvas while words are typed (Pinta's and KolourPaint's text
/// box): the text exactly as it will be committed (rendered at the document's pixels, shown
/// through the zoom like the drawing), a dashed frame, and the caret. It takes the keys while
/// it is up; a drag moves it; a click in it moves the caret. The canvas commits it.
public final class TextEditingView: View, TextInputClient {
    public private(set) var editor = TextEditor()
    /// The block as it would be committed now.
    public private(set) var block: TextBlock
    /// Escape: the canvas commits the text.
    var onFinish: (() -> Void)?
    /// The document's place on screen and its pixels per unit, from the canvas.
    private var viewport = ZoomViewport()
    private var layerScale = 1.0

    /// The box's document pixels: the text with room for overhangs (what the view's frame shows).
    private var box = PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)
    /// The part of the box on screen rendered at the document's pixels, and which part that is
    /// (a line of 4,000 characters is 50,000 pixels long: only what shows is drawn each key).
    private var preview = Bitmap(width: 1, height: 1)
    private var previewArea = PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)
    private var layout: TextLayout
    /// A drag in progress: where it started (view coordinates of the canvas) and the block's origin then.
    private var dragStart: (point: Point, origin: Point)?
    private var dragged = false

    init(block: TextBlock, layerScale: Double, viewport: ZoomViewport) {
        self.block = block
        self.layerScale = layerScale
        self.viewport = viewport
        layout = block.layout(atScale: layerScale)
        super.init(frame: .zero)
        render()
    }

    // MARK: - What the canvas tells it

    /// The zoom or scroll changed, or the document's pixels: placed and drawn again.
    func show(viewport: ZoomViewport, layerScale: Double) {
        self.viewport = viewport
        if layerScale != self.layerScale {
            self.layerScale = layerScale
            render()
        } else {
            place()
            // Scrolled or zoomed: another part of a long line may show now.
            if visibleArea != previewArea { renderPreview() }
        }
    }

    /// The pen's colour or the text size changed while typing: the text takes it.
    func restyle(size: Double, color: Color) {
        guard size != block.size || color != block.color else { return }
        block.size = size
        block.color = color
        render()
    }

    /// Text typed at the caret (tests, and a paste).
    func type(_ text: String) {
        editor.insert(text)
        render()
    }

    // MARK: - Keys

    public override var canBecomeFirstResponder: Bool { true }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        let rightToLeft = layout.lines[layout.caret(atScalar: editor.caretScalarOffset).line].isRightToLeft
        switch (event.key, event.modifiers.subtracting(.shift)) {
        case (.escape, []): onFinish?(); return true
        case (.enter, []): editor.insert("\n")
        case (.backspace, []): editor.deleteBackward()
        case (.delete, []): editor.deleteForward()
        // Arrows move on screen: in a right-to-left line, Left goes on through the text.
        case (.left, []): if rightToLeft { editor.moveRight() } else { editor.moveLeft() }
        case (.right, []): if rightToLeft { editor.moveLeft() } else { editor.moveRight() }
        case (.home, []): editor.moveToLineStart()
        case (.end, []): editor.moveToLineEnd()
        case (.up, []): moveCaretLine(by: -1)
        case (.down, []): moveCaretLine(by: 1)
        case (.character("z"), .control):
            // Ctrl+Z takes back typing; with nothing typed it goes on (and drops the box).
            guard editor.undo() else { return super.keyDown(event) }
        case (.character, let modifiers) where modifiers.isEmpty || modifiers == .alt:
            guard let typed = event.text, !typed.isEmpty else { return super.keyDown(event) }
            editor.insert(typed)
        case (.tab, []):
            editor.insert("\t")
        default:
            // Ctrl+S, Ctrl+Z with nothing typed, ...: the board's shortcuts.
            return super.keyDown(event)
        }
        render()
        return true
    }

    private func moveCaretLine(by lines: Int) {
        let caret = layout.caret(atScalar: editor.caretScalarOffset)
        let target = caret.line + lines
        guard layout.lines.indices.contains(target) else { return }
        editor.moveCaret(toScalarOffset: layout.scalarOffset(at: Point(x: caret.x, y: (Double(target) + 0.5) * layout.lineHeight)))
    }

    // MARK: - Touches

    /// Over the box the pointer moves it or places the caret: an arrow, not the drawing cross.
    public override var pointerCursor: PointerCursor? { .arrow }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, let canvas = superview else { return }
        dragStart = (touch.location(in: canvas), block.origin)
        dragged = false
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, let canvas = superview, let start = dragStart else { return }
        let point = touch.location(in: canvas)
        let dx = point.x - start.point.x, dy = point.y - start.point.y
        // A click that wobbles a little still places the caret.
        if !dragged && dx * dx + dy * dy < 9 { return }
        dragged = true
        block.origin = Point(x: start.origin.x + dx / viewport.scale, y: start.origin.y + dy / viewport.scale)
        render()
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        defer { dragStart = nil }
        guard let touch = touches.first else { return }
        // The drag's last point counts (the release can come without a motion before it).
        touchesMoved(touches, with: event)
        guard !dragged else { return }
        editor.moveCaret(toScalarOffset: layout.scalarOffset(at: layoutPoint(touch.location(in: self))))
        setNeedsDisplay()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { dragStart = nil }

    // MARK: - Drawing

    /// Lays out the text as it will be committed, renders what of it shows, and places the box.
    private func render() {
        block.text = editor.text
        layout = block.layout(atScale: layerScale)
        // The box starts on a whole document pixel and keeps the block's fraction, so its
        // pixels are the ones the committed text will leave.
        let pad = Int((block.size * layerScale * 0.3).rounded(.up)) + 2
        let x0 = Int((block.origin.x * layerScale).rounded(.down)) - pad
        let y0 = Int((block.origin.y * layerScale).rounded(.down)) - pad
        box = PixelRect(x0: x0, y0: y0, x1: x0 + Int(layout.width.rounded(.up)) + 2 * pad + 1,
                        y1: y0 + Int(layout.height.rounded(.up)) + 2 * pad + 1)
        place()
        renderPreview()
    }

    /// The box's document pixels that show in the canvas (with a margin, so a little scrolling
    /// draws nothing again); all of it when not on a canvas yet.
    private var visibleArea: PixelRect {
        guard let canvas = superview else { return box }
        let s = layerScale, margin = 64.0
        let shown = viewport.contentRect(canvas.bounds)
        let pixels = PixelRect(x0: Int((shown.minX * s - margin).rounded(.down)), y0: Int((shown.minY * s - margin).rounded(.down)),
                               x1: Int((shown.maxX * s + margin).rounded(.up)), y1: Int((shown.maxY * s + margin).rounded(.up)))
        let visible = pixels.intersection(box)
        return visible.isEmpty ? PixelRect(x0: box.x0, y0: box.y0, x1: box.x0 + 1, y1: box.y0 + 1) : visible
    }

    /// How wide the drawn part is (tests: a long line draws only what shows).
    var renderedPixelWidth: Int { preview.width }

    /// Renders the glyphs that fall in the visible part of the box, at the document's pixels.
    private func renderPreview() {
        previewArea = visibleArea
        preview = Bitmap(width: previewArea.width, height: previewArea.height)
        TextRenderer.draw(layout, color: block.color,
                          at: Point(x: block.origin.x * layerScale - Double(previewArea.x0), y: block.origin.y * layerScale - Double(previewArea.y0)),
                          clip: preview.bounds, on: preview)
        setNeedsDisplay()
    }

    /// The box's frame: its document pixels through the zoom and scroll.
    private func place() {
        frame = viewport.viewRect(documentRect(box))
        setNeedsDisplay()
    }

    /// Document pixels in document units.
    private func documentRect(_ pixels: PixelRect) -> Rect {
        let s = layerScale
        return Rect(x: Double(pixels.x0) / s, y: Double(pixels.y0) / s, width: Double(pixels.width) / s, height: Double(pixels.height) / s)
    }

    /// A point of this view in the layout's pixels.
    private func layoutPoint(_ point: Point) -> Point {
        let perPixel = viewport.scale / layerScale
        return Point(x: point.x / perPixel + Double(box.x0) - block.origin.x * layerScale,
                     y: point.y / perPixel + Double(box.y0) - block.origin.y * layerScale)
    }

    /// A point of the layout's pixels in this view.
    private func viewPoint(_ point: Point) -> Point {
        let perPixel = viewport.scale / layerScale
        return Point(x: (point.x + block.origin.x * layerScale - Double(box.x0)) * perPixel,
                     y: (point.y + block.origin.y * layerScale - Double(box.y0)) * perPixel)
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let perPixel = viewport.scale / layerScale
        context.draw(Image(bitmap: preview), in: Rect(x: Double(previewArea.x0 - box.x0) * perPixel, y: Double(previewArea.y0 - box.y0) * perPixel,
                                                      width: Double(previewArea.width) * perPixel, height: Double(previewArea.height) * perPixel))
        let pixel = 1 / (window?.scale ?? 1)
        // The frame: the block's box, dashed in two tones so it shows on any colour.
        let topLeft = viewPoint(.zero), bottomRight = viewPoint(Point(x: max(layout.width, 1), y: layout.height))
        let frameBox = Rect(x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y).insetBy(dx: -3, dy: -2)
        drawDashedFrame(frameBox, pixel: pixel, within: rect, in: context)
        // The caret: a line the height of the text, in a colour that stands out from it.
        context.fill(caretRect, with: Color(r: 0, g: 122, b: 255))
    }

    /// The caret in this view: a line the height of the text, as thick as its size asks.
    var caretRect: Rect {
        let caret = layout.caret(atScalar: editor.caretScalarOffset)
        let top = viewPoint(Point(x: caret.x, y: Double(caret.line) * layout.lineHeight))
        let height = layout.lineHeight * viewport.scale / layerScale
        let width = max(1, (block.size * viewport.scale / 32).rounded(.down)) / (window?.scale ?? 1)
        return Rect(x: top.x - width / 2, y: top.y, width: width, height: height)
    }

    public var textInputCaretRect: Rect? { caretRect }

    /// The frame's four sides, dashed in two tones, each only where it crosses the area being
    /// drawn (a long line's frame would otherwise be thousands of dashes every key). A side's
    /// dashes keep their phase from the side's start, so a part drawn alone matches the rest.
    private func drawDashedFrame(_ frame: Rect, pixel: Double, within area: Rect, in context: GraphicsContext) {
        let reach = area.insetBy(dx: -2 * pixel, dy: -2 * pixel)
        let dash = 4 * pixel, gap = 3 * pixel
        let sides = [(Point(x: frame.minX, y: frame.minY), Point(x: frame.maxX, y: frame.minY)),
                     (Point(x: frame.minX, y: frame.maxY), Point(x: frame.maxX, y: frame.maxY)),
                     (Point(x: frame.minX, y: frame.minY), Point(x: frame.minX, y: frame.maxY)),
                     (Point(x: frame.maxX, y: frame.minY), Point(x: frame.maxX, y: frame.maxY))]
        context.save()
        context.lineWidth = pixel
        for (start, end) in sides {
            let horizontal = start.y == end.y
            // The stretch of this side inside the area, from a whole period after the side's start.
            let (from, to) = horizontal ? (max(start.x, reach.minX), min(end.x, reach.maxX)) : (max(start.y, reach.minY), min(end.y, reach.maxY))
            let across = horizontal ? start.y : start.x
            guard from <= to, horizontal ? reach.minY...reach.maxY ~= across : reach.minX...reach.maxX ~= across else { continue }
            let origin = horizontal ? start.x : start.y
            let periodStart = origin + ((from - origin) / (dash + gap)).rounded(.down) * (dash + gap)
            let a = horizontal ? Point(x: periodStart, y: across) : Point(x: across, y: periodStart)
            let b = horizontal ? Point(x: to, y: across) : Point(x: across, y: to)
            context.setLineDash(phase: 0, lengths: [])
            context.strokeColor = Color(r: 255, g: 255, b: 255, a: 220)
            context.stroke(.polyline([a, b]))
            context.setLineDash(phase: 0, lengths: [dash, gap])
            context.strokeColor = Color(r: 40, g: 40, b: 44, a: 220)
            context.stroke(.polyline([a, b]))
        }
        context.restore()
    }
}
