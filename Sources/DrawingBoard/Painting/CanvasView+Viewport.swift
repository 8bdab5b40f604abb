import Foundation

/// Zoom and scroll: the document seen through the viewport. 100% is one document pixel per
/// screen pixel; the range is 1/16 (or what fitting a huge document takes) to 32x. Every
/// input the app understands drives it: a pinch (two fingers, the mouse's simulated two,
/// a touchpad pinch, Ctrl+wheel), the wheel and a middle-button drag to scroll, keys.
extension CanvasView {
    /// Around the document, where there is no document.
    static let pasteboardColor = Color(r: 128, g: 128, b: 134)
    /// The zoom steps of Ctrl+plus and Ctrl+minus (screen pixels per document pixel).
    static let zoomSteps: [Double] = [1.0 / 16, 1.0 / 12, 1.0 / 8, 1.0 / 6, 1.0 / 4, 1.0 / 3, 1.0 / 2, 2.0 / 3, 1, 1.5, 2, 3, 4, 6, 8,
                                      12, 16, 24, 32]

    private var deviceScale: Double { window?.scale ?? 1 }

    /// Screen pixels per document pixel (1 at 100%).
    public var zoom: Double { viewport.scale * deviceScale / drawing.scale }

    /// The document's pixel under a point of this view (fractional; may lie outside the document).
    public func documentPixel(at viewPoint: Point) -> Point {
        let unit = viewport.contentPoint(viewPoint)
        return Point(x: unit.x * drawing.scale, y: unit.y * drawing.scale)
    }

    /// Zooms to `zoom` screen pixels per document pixel, keeping the document point under
    /// `anchor` (view points; the view's centre when nil) where it is.
    public func setZoom(_ zoom: Double, about anchor: Point? = nil) {
        viewport.zoom(to: zoom * drawing.scale / deviceScale, about: anchor ?? Point(x: bounds.midX, y: bounds.midY))
        viewportChanged()
    }

    /// The next zoom step up (Ctrl+plus) or down (Ctrl+minus).
    public func zoomIn(about anchor: Point? = nil) {
        setZoom(Self.zoomSteps.first { $0 > zoom * 1.001 } ?? Self.zoomSteps.last!, about: anchor)
    }

    public func zoomOut(about anchor: Point? = nil) {
        setZoom(Self.zoomSteps.last { $0 < zoom / 1.001 } ?? min(Self.zoomSteps[0], viewport.fitScale * deviceScale / drawing.scale),
                about: anchor)
    }

    /// The whole document, as large as the view allows (Ctrl+0).
    public func zoomToFit() {
        viewport.fit()
        viewportChanged()
    }

    /// The whole document in view, at 100% when it fits, else as large as fits; centred.
    public func showWholeDocument() {
        viewport.fit()
        if zoom > 1 { setZoom(1, about: Point(x: bounds.midX, y: bounds.midY)) } else { viewportChanged() }
    }

    /// Moves the view over the document by `delta` points (the wheel, a middle-button drag).
    public func scroll(by delta: Point) {
        viewport.scroll(by: delta)
        viewportChanged()
    }

    func updateZoomLimits() {
        viewport.minimumScale = (1.0 / 16) * drawing.scale / deviceScale
        viewport.maximumScale = 32 * drawing.scale / deviceScale
    }

    private func viewportChanged() {
        invalidateWholeView()
        updateTextBox()
        onViewportChange?()
    }

    private func invalidateWholeView() { setNeedsDisplay() }

    // MARK: - Pinching

    /// Zoom about the fingers, and scroll with them as they move together.
    func pinchChanged(_ pinch: PinchGestureRecognizer) {
        let location = pinch.location(in: self)
        switch pinch.state {
        case .began, .changed:
            if pinch.state == .began { pinchStartScale = viewport.scale }
            if let last = pinchLastLocation {
                viewport.shiftContent(by: Point(x: location.x - last.x, y: location.y - last.y))
            }
            pinchLastLocation = location
            viewport.zoom(to: pinchStartScale * pinch.scale, about: location)
            viewportChanged()
        default:
            pinchLastLocation = nil
        }
    }

    // MARK: - Showing the document

    /// The document through the viewport into the dirty part of the screen; around it, the pasteboard.
    func drawDocument(_ rect: Rect, in context: GraphicsContext, deviceScale: Double) {
        let t = context.transform
        let target = context.bitmap
        let dirty = PixelRect(covering: t.apply(to: rect), width: target.width, height: target.height).intersection(context.clip)
        guard !dirty.isEmpty else { return }
        let k = viewport.scale * deviceScale / drawing.scale
        let originX = t.tx + viewport.origin.x * deviceScale, originY = t.ty + viewport.origin.y * deviceScale
        let documentOnScreen = PixelRect(covering: Rect(x: originX, y: originY, width: Double(drawing.width) * k,
                                                       height: Double(drawing.height) * k),
                                         width: target.width, height: target.height)
        let inside = dirty.intersection(documentOnScreen)
        // The pasteboard: the dirty pixels outside the document.
        let grey = Self.pasteboardColor.premultipliedPixel
        for band in dirty.subtracting(inside) { target.fill(band, with: grey) }
        guard !inside.isEmpty else { return }
        let ox = originX.rounded(), oy = originY.rounded()
        if abs(k - 1) < 1e-9, abs(originX - ox) < 1e-6, abs(originY - oy) < 1e-6 {
            // 100%: the layer's pixels as they are, the fast path of drawing.
            drawing.compose(inside.offsetBy(dx: -Int(ox), dy: -Int(oy)), into: target, atX: Int(ox), y: Int(oy),
                            skipping: context.occludedRows)
        } else if k < 1 {
            // Zoomed out: from the reduced copy nearest above the zoom, the screen's pixels only.
            let level = min(ReducedArtworkCache.deepest, max(0, Int(log2(1 / k).rounded(.down))))
            let reduced = reducedCache.level(level, of: drawing)
            ZoomedCompositor.show(reduced, zoom: k * Double(1 << level), originX: originX, originY: originY, area: inside, into: target)
        } else if reducedCache.isBuilt {
            // Zoomed in, with the composed copy up to date: no composing, only the screen's pixels.
            ZoomedCompositor.show(reducedCache.level(0, of: drawing), zoom: k, originX: originX, originY: originY, area: inside, into: target)
        } else {
            ZoomedCompositor.compose(drawing, zoom: k, originX: originX, originY: originY, area: inside, into: target, scratch: &zoomScratch)
            // A frame showing a quarter of the document or more (200% of a 4K drawing on a 4K
            // screen) composes about what building the copy would; the copy is built beside
            // the UI thread, and every later scroll step only shows it.
            if Double(inside.width * inside.height) * 4 >= k * k * Double(drawing.width * drawing.height), let application = window?.application {
                reducedCache.buildBeside(drawing) { work in application.post(work) }
            }
        }
    }
}
