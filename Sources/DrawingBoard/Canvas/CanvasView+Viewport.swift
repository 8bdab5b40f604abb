import Foundation

/// Zoom and scroll: the document seen through the viewport. 100% is one document pixel per
/// screen pixel; the range is 1/16 (or what fitting a huge document takes) to 32x. Every
/// input the app understands drives it: a pinch (two fingers, the mouse's simulated two,
/// a touchpad pinch, Ctrl+wheel), the wheel and a middle-button drag to scroll, keys.
extension CanvasView {
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

    func viewportChanged() {
        invalidateWholeView()
        textTool.update()
        onViewportChange?()
    }

    private func invalidateWholeView() { setNeedsDisplay() }
}
