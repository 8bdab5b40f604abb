/// Taking a colour from the drawing (the eyedropper tool, Alt with any tool, or a drawing tool
/// resting where it went down): while the button is held a loupe follows the pointer; on
/// release the colour under it is reported.
final class EyedropperTool {
    /// How long the pointer must rest where it went down, and how still (points), before a
    /// drawing tool becomes the eyedropper (as Procreate and Krita's touch mode do).
    static let longPressDuration = 0.6
    static let longPressSlop = 4.0

    /// The magnifier while a colour is being picked.
    private(set) var loupe: LoupeView?
    /// Told the colour taken (none when the pointer was off the document), and whether it was
    /// taken with the right button (for the secondary colour, as KolourPaint's picker does).
    var onPicked: ((Color, _ secondary: Bool) -> Void)?
    private var picksSecondary = false
    private var longPressTimer: Scheduler.Timer?
    private var longPressStart: Point?
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    var isPicking: Bool { loupe != nil }

    /// Whether a press picks a colour with any tool: Alt is held.
    var isAsked: Bool { canvas.window?.modifierFlags.contains(.alt) ?? false }

    /// Starts picking at a press (the eyedropper's, or any tool's with Alt held); the secondary
    /// colour takes it when the press is the right button's.
    func begin(at viewPoint: Point, secondary: Bool) {
        picksSecondary = secondary
        showLoupe(at: viewPoint)
    }

    private func showLoupe(at viewPoint: Point) {
        let loupe = LoupeView()
        canvas.addSubview(loupe)
        self.loupe = loupe
        move(to: viewPoint)
    }

    /// The pointer, in the canvas's coordinates, moved while picking.
    func move(to viewPoint: Point) {
        guard let loupe else { return }
        loupe.show(pixels(around: canvas.viewport.contentPoint(viewPoint), span: LoupeView.span))
        // Above and to the right of the pointer, kept inside the canvas.
        let size = loupe.bounds.size, bounds = canvas.bounds
        let x = min(max(0, viewPoint.x + 24), bounds.width - size.width)
        let y = viewPoint.y - size.height - 24 >= 0 ? viewPoint.y - size.height - 24 : min(viewPoint.y + 24, bounds.height - size.height)
        loupe.frame = Rect(x: x.rounded(), y: y.rounded(), width: size.width, height: size.height)
    }

    /// Ends picking with the colour under the pointer.
    func end(at viewPoint: Point) {
        longPressStart = nil
        loupe?.removeFromSuperview()
        loupe = nil
        if let color = color(at: canvas.viewport.contentPoint(viewPoint)) { onPicked?(color, picksSecondary) }
    }

    func cancel() {
        disarm()
        loupe?.removeFromSuperview()
        loupe = nil
    }

    // MARK: - Long press

    /// A drawing tool went down at a point: if it stays there, the eyedropper takes over.
    func arm(at viewPoint: Point, secondary: Bool) {
        longPressTimer?.cancel()
        picksSecondary = secondary
        longPressStart = viewPoint
        longPressTimer = canvas.window?.application.scheduler.schedule(after: Self.longPressDuration) { [weak self] in
            guard let self, self.canvas.isDrawing, let start = self.longPressStart else { return }
            self.longPressTimer = nil
            // The dot or the figure begun by the press is dropped: the press was for a colour.
            self.canvas.cancelStroke()
            self.showLoupe(at: start)
        }
    }

    func disarm() {
        longPressTimer?.cancel()
        longPressTimer = nil
    }

    /// The pointer moved: far enough from where it went down, the press is a stroke after all.
    func pointerMovedDuringPress(to viewPoint: Point) {
        guard let start = longPressStart, longPressTimer != nil else { return }
        let dx = viewPoint.x - start.x, dy = viewPoint.y - start.y
        if dx * dx + dy * dy > Self.longPressSlop * Self.longPressSlop { disarm() }
    }

    /// The colour the document shows at a point (in document units), nil off the document.
    private func color(at point: Point) -> Color? {
        let middle = LoupeView.span / 2
        let pixel = pixels(around: point, span: LoupeView.span)[middle, middle]
        return pixel >> 24 == 0 ? nil : Color(premultipliedPixel: pixel)
    }

    /// The composed document pixels, `span` on a side, centred on the one under `point`.
    private func pixels(around point: Point, span: Int) -> Bitmap {
        let drawing = canvas.drawing, scale = drawing.scale
        let x = Int((point.x * scale).rounded(.down)), y = Int((point.y * scale).rounded(.down))
        let half = span / 2, area = PixelRect(x0: x - half, y0: y - half, x1: x + half + 1, y1: y + half + 1)
        return canvas.samplesCurrentLayer ? drawing.renderCurrentLayer(in: area) : drawing.renderArtwork(in: area)
    }
}
