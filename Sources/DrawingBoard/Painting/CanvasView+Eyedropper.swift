/// Taking a colour from the drawing (the eyedropper tool, or Alt with any tool): while the
/// button is held a loupe follows the pointer; on release the colour under it is reported.
extension CanvasView {
    /// Starts picking at a touch: the eyedropper, or Alt held. Returns whether it did.
    func beginPickingIfAsked(by tool: Brush, at viewPoint: Point) -> Bool {
        guard tool.picksColor || (window?.modifierFlags.contains(.alt) ?? false) else { return false }
        return beginPicking(at: viewPoint)
    }

    private func beginPicking(at viewPoint: Point) -> Bool {
        let loupe = LoupeView()
        addSubview(loupe)
        self.loupe = loupe
        movePicking(to: viewPoint)
        return true
    }

    /// The pointer, in this view's coordinates, moved while picking.
    func movePicking(to viewPoint: Point) {
        guard let loupe else { return }
        loupe.show(pixels(around: viewport.contentPoint(viewPoint)))
        // Above and to the right of the pointer, kept inside the canvas.
        let size = loupe.bounds.size
        let x = min(max(0, viewPoint.x + 24), bounds.width - size.width)
        let y = viewPoint.y - size.height - 24 >= 0 ? viewPoint.y - size.height - 24 : min(viewPoint.y + 24, bounds.height - size.height)
        loupe.frame = Rect(x: x.rounded(), y: y.rounded(), width: size.width, height: size.height)
    }

    /// Ends picking: the colour under the pointer, nil when the pointer was off the document.
    func endPicking(at viewPoint: Point) -> Color? {
        longPressStart = nil
        loupe?.removeFromSuperview()
        loupe = nil
        return color(at: viewport.contentPoint(viewPoint))
    }

    func cancelPicking() {
        longPressTimer?.cancel()
        longPressTimer = nil
        loupe?.removeFromSuperview()
        loupe = nil
    }

    // MARK: - Long press

    /// How long the pointer must rest where it went down, and how still (points), before a
    /// drawing tool becomes the eyedropper (as Procreate and Krita's touch mode do).
    static let longPressDuration = 0.6
    static let longPressSlop = 4.0

    /// A drawing tool went down at a point: if it stays there, the eyedropper takes over.
    func armLongPress(at viewPoint: Point) {
        longPressTimer?.cancel()
        longPressStart = viewPoint
        longPressTimer = window?.application.scheduler.schedule(after: Self.longPressDuration) { [weak self] in
            guard let self, self.isDrawing, let start = self.longPressStart else { return }
            self.longPressTimer = nil
            // The dot or the figure begun by the press is dropped: the press was for a colour.
            self.cancelStroke()
            _ = self.beginPicking(at: start)
        }
    }

    /// The pointer moved: far enough from where it went down, the press is a stroke after all.
    func pointerMovedDuringPress(to viewPoint: Point) {
        guard let start = longPressStart, longPressTimer != nil else { return }
        let dx = viewPoint.x - start.x, dy = viewPoint.y - start.y
        if dx * dx + dy * dy > Self.longPressSlop * Self.longPressSlop {
            longPressTimer?.cancel()
            longPressTimer = nil
        }
    }

    var isPickingColor: Bool { loupe != nil }

    /// The colour the document shows at a point (in document units), nil off the document.
    public func color(at point: Point) -> Color? {
        let middle = LoupeView.span / 2
        let pixel = pixels(around: point)[middle, middle]
        return pixel >> 24 == 0 ? nil : Color(premultipliedPixel: pixel)
    }

    /// The composed document pixels centred on the one under `point`.
    private func pixels(around point: Point) -> Bitmap {
        let scale = drawing.scale
        let x = Int((point.x * scale).rounded(.down)), y = Int((point.y * scale).rounded(.down))
        let half = LoupeView.span / 2
        return drawing.renderArtwork(in: PixelRect(x0: x - half, y0: y - half, x1: x + half + 1, y1: y + half + 1))
    }
}
