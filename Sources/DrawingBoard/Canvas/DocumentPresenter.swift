import Foundation

/// Shows the document through the viewport into the dirty part of the screen: at 100% the
/// layer's pixels as they are; zoomed out from reduced copies (kept up to date region by
/// region); zoomed in from the composed copy once it is built, else composed for the frame.
final class DocumentPresenter {
    /// Around the document, where there is no document.
    static let pasteboardColor = Color(r: 128, g: 128, b: 134)
    /// The side of a transparency square, in points.
    static let checkerboardCell = 8.0
    /// The composed document at 1/2, 1/4, ... for showing it zoomed out.
    let reducedCache = ReducedArtworkCache()
    /// View → Pixel Grid: drawn over the document from 800% up.
    var showsPixelGrid = false
    /// Document pixels composed before they are scaled to the screen (kept between frames).
    private var zoomScratch: Bitmap?

    /// Gives back what can be made again: the reduced copies and the frame's scratch (the
    /// document is behind another tab).
    func releaseMemory() {
        reducedCache.release()
        zoomScratch = nil
    }

    /// The document's pixels changed (nil: all): the zoomed-out copies know, and the canvas
    /// shows them again.
    func pixelsChanged(_ pixels: PixelRect?, on canvas: CanvasView) {
        guard let pixels else {
            reducedCache.invalidateAll()
            return canvas.setNeedsDisplay()
        }
        guard !pixels.isEmpty else { return }
        reducedCache.invalidate(pixels)
        canvas.setNeedsDisplay(Self.pointsRect(pixels, layerScale: canvas.layerScale, viewport: canvas.viewport))
    }

    /// Document pixels to this view's points (through the zoom and scroll), a point wider for
    /// the rounding of a scaled view.
    static func pointsRect(_ pixels: PixelRect, layerScale s: Double, viewport: ZoomViewport) -> Rect {
        guard !pixels.isEmpty else { return .zero }
        let units = Rect(x: Double(pixels.x0) / s, y: Double(pixels.y0) / s, width: Double(pixels.width) / s, height: Double(pixels.height) / s)
        let view = viewport.viewRect(units)
        // Turned, each screen pixel is sampled from the four document pixels around it.
        if viewport.isTurned { return view.insetBy(dx: -2, dy: -2) }
        return abs(viewport.scale - 1) < 1e-9 ? view : view.insetBy(dx: -1, dy: -1)
    }

    /// A big document shown at 100% gets its reduced copies built beside the UI thread once
    /// nothing has been drawn for a second, so that its first zoom step shows them: built on
    /// that step, they cost it a 16-19 ms snapshot of a 4K layer, and every step until they
    /// landed composed while the other core built them (12-19 ms a step, measured). A frame
    /// only notes its time (every motion event's frame comes here); one timer waits for the
    /// pause, starting again for the rest of the second when a frame came since.
    private func buildCopiesWhenIdle(of drawing: DrawingLayer, application: Application) {
        guard !reducedCache.isBuilt, drawing.width * drawing.height >= Self.prebuiltPixels else { return }
        lastFullSizeFrame = application.clock.now
        if idleBuild == nil { waitForPause(of: drawing, application: application, for: Self.idleBeforeBuilding) }
    }

    private func waitForPause(of drawing: DrawingLayer, application: Application, for delay: Double) {
        idleBuild = application.scheduler.schedule(after: delay) { [weak self, weak drawing] in
            guard let self, let drawing else { return }
            self.idleBuild = nil
            let quiet = application.clock.now - self.lastFullSizeFrame
            if quiet < Self.idleBeforeBuilding {
                return self.waitForPause(of: drawing, application: application, for: Self.idleBeforeBuilding - quiet)
            }
            // Refused during a stroke (it is not in a snapshot); the stroke's next frame asks again.
            self.reducedCache.buildBeside(drawing) { work in application.post(work) }
        }
    }

    private var idleBuild: Scheduler.Timer?
    private var lastFullSizeFrame = 0.0
    /// Documents of this many pixels or more (2560x1600 and up): smaller ones compose a
    /// zoomed frame within a few milliseconds, and keep their memory.
    static let prebuiltPixels = 1 << 22
    static let idleBeforeBuilding = 1.0

    /// From this zoom up to 100%, a frame composed without the reduced copies reads at most
    /// four document pixels a screen pixel (the box filter's fast case), so such frames are
    /// composed while the copies are built beside the UI thread. Further out, the copies are
    /// built first, on the UI thread.
    static let composedZoomFloor = 0.5

    /// The document through the viewport into the dirty part of the screen; around it, the pasteboard.
    func draw(_ drawing: DrawingLayer, through viewport: ZoomViewport, _ rect: Rect, in context: GraphicsContext, deviceScale: Double,
              application: Application?) {
        let t = context.transform
        let target = context.bitmap
        let dirty = PixelRect(covering: t.apply(to: rect), width: target.width, height: target.height).intersection(context.clip)
        guard !dirty.isEmpty else { return }
        if viewport.isTurned { return drawTurned(drawing, through: viewport, dirty, into: target, deviceTransform: t, deviceScale: deviceScale) }
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
            if let application { buildCopiesWhenIdle(of: drawing, application: application) }
        } else if k < 1, reducedCache.isBuilt || k < Self.composedZoomFloor {
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
            // the UI thread, and every later scroll step only shows it. The same holds for the
            // first steps out of 100%, which built the copies on the UI thread before.
            if Double(inside.width * inside.height) * 4 >= k * k * Double(drawing.width * drawing.height), let application {
                reducedCache.buildBeside(drawing) { work in application.post(work) }
            }
        }
        // A transparent document shows its holes as every paint program does: over grey and
        // white squares that scroll with it (8 points a square, at any zoom).
        if drawing.backgroundImage == nil, drawing.backgroundPixel >> 24 != 0xFF {
            TransparencyBackdrop.underlayCheckerboard(in: target, inside, originX: Int(originX.rounded()), originY: Int(originY.rounded()),
                                                      cell: Int((Self.checkerboardCell * deviceScale).rounded()))
        }
        if showsPixelGrid { PixelGrid.draw(into: target, area: inside, zoom: k, originX: originX, originY: originY) }
    }

    /// A turned or mirrored view: the composed document (or the reduced copy nearest above the
    /// zoom) resampled into the dirty screen pixels through the turn, bilinear up to 200% and
    /// the pixels' squares from there, as the upright view shows them; the pasteboard around.
    private func drawTurned(_ drawing: DrawingLayer, through viewport: ZoomViewport, _ dirty: PixelRect, into target: Bitmap,
                            deviceTransform t: AffineTransform, deviceScale: Double) {
        let k = viewport.scale * deviceScale / drawing.scale
        let level = min(ReducedArtworkCache.deepest, max(0, Int(log2(1 / k).rounded(.down))))
        let composed = reducedCache.level(level, of: drawing)
        let perPixel = Double(1 << level) / drawing.scale
        let map = AffineTransform(scaleX: perPixel, y: perPixel).concatenating(viewport.transform).concatenating(t)
        // The pasteboard shows only where the dirty pixels reach past the document (a stroke's
        // frame is inside it), and an opaque document covers the rest.
        let opaque = drawing.backgroundImage != nil || drawing.backgroundPixel >> 24 == 0xFF
        if !opaque || !Self.lies(dirty, inside: composed, through: map) { target.fill(dirty, with: Self.pasteboardColor.premultipliedPixel) }
        PerspectiveWarp.draw(composed, through: Homography(map), onto: target, in: dirty, filter: k >= 2 ? .nearest : .bilinear)
    }

    /// Whether every pixel centre of `rect` (device pixels) falls inside the bitmap shown through `map`.
    private static func lies(_ rect: PixelRect, inside bitmap: Bitmap, through map: AffineTransform) -> Bool {
        guard let inverse = map.inverted() else { return false }
        let corners = [Point(x: Double(rect.x0), y: Double(rect.y0)), Point(x: Double(rect.x1), y: Double(rect.y0)),
                       Point(x: Double(rect.x0), y: Double(rect.y1)), Point(x: Double(rect.x1), y: Double(rect.y1))]
        return corners.allSatisfy { corner in
            let p = inverse.apply(to: corner)
            return p.x >= 1 && p.y >= 1 && p.x <= Double(bitmap.width) - 1 && p.y <= Double(bitmap.height) - 1
        }
    }
}
