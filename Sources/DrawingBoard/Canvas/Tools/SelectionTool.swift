import Foundation

/// The selection on the canvas (the Select tool, the Lasso, Ctrl+A): a rectangle of whole
/// document pixels with eight handles, or a free-form outline, drawn with marching ants. A drag
/// outside it draws a new one, a handle resizes a rectangle, a drag inside lifts its pixels to
/// be moved (the board makes them a floating picture, moved, pinched and turned like a placed
/// photo).
final class SelectionTool {
    /// What is selected (nil: nothing).
    private(set) var area: SelectionArea?
    /// Told when the selection changes; when a press inside it starts moving its pixels, and
    /// how far the pointer has moved them since (view points).
    var onChange: (() -> Void)?
    var onLift: (() -> Void)?
    var onDragLifted: ((Point) -> Void)?

    /// What a press is doing.
    private enum Drag {
        case create(start: Point)
        case lasso(points: [Point])
        case ellipse(start: Point, end: Point)
        case resize(handle: Int, original: Rect)
        case lift(start: Point)
    }
    private var drag: Drag?
    /// The mode a press without keys uses (Edit → Selection Mode); Shift adds, Ctrl subtracts,
    /// both intersect, whatever it says.
    var defaultMode = SelectionMode.replace
    /// The magic wand selects every alike pixel, not only those joined to the click.
    var wandIsGlobal = false
    /// The magic wand's edges are soft (anti-aliased, Pinta's default), or hard.
    var wandSoftEdges = true
    /// While a selection made in another mode than replace is dragged: the one it meets, and
    /// its edges for the ants (found when it was selected, not again on every motion event).
    private var base: (area: SelectionArea?, mode: SelectionMode, segments: [(Point, Point)])?
    /// A pixel mask's edges (layer pixels), found once when it is selected: the ants follow them.
    private var maskSegments: [(Point, Point)] = []
    private var antsTimer: Scheduler.Timer?
    private var antsPhase = 0.0
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    var isDragging: Bool { drag != nil }
    private var viewport: ZoomViewport { canvas.viewport }
    private var layerScale: Double { canvas.layerScale > 0 ? canvas.layerScale : 1 }

    /// Replaces the selection, kept inside the document on whole document pixels.
    func select(_ rect: Rect?) {
        setArea(rect.flatMap(snappedToDocument).map { SelectionArea(bounds: $0) })
    }

    /// Selects inside a free-form outline (document units); fewer than three points, or an
    /// outline around no pixel, select nothing.
    func selectLasso(_ outline: [Point]) {
        guard outline.count >= 3 else { return setArea(nil) }
        let xs = outline.map(\.x), ys = outline.map(\.y)
        let s = layerScale
        // The bounds on whole pixels, outward.
        let x0 = (xs.min()! * s).rounded(.down) / s, y0 = (ys.min()! * s).rounded(.down) / s
        let x1 = (xs.max()! * s).rounded(.up) / s, y1 = (ys.max()! * s).rounded(.up) / s
        guard let bounds = snappedToDocument(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) else { return setArea(nil) }
        let area = SelectionArea(bounds: bounds, outline: outline)
        setArea(area.mask(atScale: s)?.contains(true) == true ? area : nil)
    }

    /// Selects an area as it is (where a transform took the selection).
    func select(_ area: SelectionArea) { setArea(area) }

    /// Selects the whole document (Ctrl+A).
    func selectAll() {
        guard let format = canvas.document.format else { return }
        select(Rect(x: 0, y: 0, width: format.size.width, height: format.size.height))
    }

    /// The document's pixels under the selection as the user sees them (what a copy holds).
    func selectedArtwork() -> Bitmap? {
        guard let area else { return nil }
        let pixels = canvas.drawing.renderArtwork(in: area.pixels(atScale: canvas.layerScale))
        area.clearOutside(pixels, atScale: canvas.layerScale)
        return pixels
    }

    /// The drawing layer's pixels under the selection, transparent where the background shows
    /// (what a move lifts: the background stays put, as under a layer).
    func selectedDrawing() -> Bitmap? {
        guard let area else { return nil }
        let layer = canvas.drawing.layer
        let pixels = layer.cropped(to: area.pixels(atScale: canvas.layerScale).intersection(layer.bounds))
        area.clearOutside(pixels, atScale: canvas.layerScale)
        return pixels
    }

    /// Clears the selected pixels to the background (Delete, Cut), as one undoable item.
    @discardableResult
    func clearSelected() -> Bool {
        guard let area else { return false }
        canvas.commit(.clearArea(area))
        return true
    }

    private func setArea(_ area: SelectionArea?) {
        invalidateSelection()
        self.area = area
        maskSegments = Self.segments(of: area)
        invalidateSelection()
        if area != nil { marchAnts() }
        onChange?()
    }

    private func snappedToDocument(_ rect: Rect) -> Rect? {
        guard let format = canvas.document.format else { return nil }
        let s = layerScale
        let x0 = max(0, (rect.minX * s).rounded()) / s, y0 = max(0, (rect.minY * s).rounded()) / s
        let x1 = min(format.size.width * s, (rect.maxX * s).rounded()) / s, y1 = min(format.size.height * s, (rect.maxY * s).rounded()) / s
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: - Touches

    /// Shift makes squares and circles, unless it was held at the press (then it adds).
    private var constrains: Bool { base == nil && (canvas.window?.modifierFlags.contains(.shift) ?? false) }

    /// The mode for a press with `modifiers` held (GIMP's and Pinta's keys).
    func mode(for modifiers: KeyEvent.Modifiers) -> SelectionMode {
        switch (modifiers.contains(.shift), modifiers.contains(.control)) {
        case (true, true): return .intersect
        case (false, true): return .subtract
        case (true, false): return .add
        case (false, false): return defaultMode
        }
    }

    /// The magic wand's click: the alike colours there, met with the selection as `mode` says.
    func selectAlike(at point: Point, mode: SelectionMode) {
        var region = canvas.drawing.similarRegion(at: point, tolerance: canvas.fillTolerance, layerOnly: canvas.samplesCurrentLayer,
                                                  global: wandIsGlobal)
        region?.softEdges = wandSoftEdges
        setArea(mode.combine(area, with: region.map(SelectionArea.init), scale: layerScale))
    }

    /// A press: on a handle, inside, or outside the selection. In a mode other than replace it
    /// always starts a new shape, to be met with the selection there is on release.
    func begin(at viewPoint: Point, freeForm: Bool, ellipse: Bool = false, mode: SelectionMode = .replace) {
        let point = viewport.contentPoint(viewPoint)
        if mode != .replace {
            base = (area, mode, maskSegments)
            drag = ellipse ? .ellipse(start: point, end: point) : freeForm ? .lasso(points: [point]) : .create(start: point)
            setArea(nil)
            invalidate(base?.area)
        } else if let area, area.isRectangle, let handle = handle(at: viewPoint) {
            drag = .resize(handle: handle, original: area.bounds)
        } else if let area, area.contains(point) {
            drag = .lift(start: viewPoint)
            onLift?()
        } else {
            drag = ellipse ? .ellipse(start: point, end: point) : freeForm ? .lasso(points: [point]) : .create(start: point)
            select(nil)
        }
    }

    func move(to viewPoint: Point) {
        let point = viewport.contentPoint(viewPoint)
        switch drag {
        case .create(let start)?:
            select(RectangleBrush.box(from: start, to: point, square: constrains))
        case .lasso(var points)?:
            // The outline so far shows as a line; it closes into a selection on release. Only
            // the new piece is drawn again, and the points are appended in place (the drag lets
            // go of them first): a long outline must not cost each motion event all of it.
            drag = nil
            invalidateLassoTrail([points.last ?? point, point])
            points.append(point)
            drag = .lasso(points: points)
        case .ellipse(let start, let end)?:
            // The ellipse so far shows in ants; it becomes the selection's outline on release.
            invalidateLassoTrail([start, end])
            drag = .ellipse(start: start, end: point)
            invalidateLassoTrail([start, point])
        case .resize(let handle, let original)?:
            select(RectangleHandles.resized(original, handle: handle, to: point))
        case .lift(let start)?:
            onDragLifted?(Point(x: viewPoint.x - start.x, y: viewPoint.y - start.y))
        case nil:
            break
        }
    }

    func end(at viewPoint: Point) {
        move(to: viewPoint)
        if case .lasso(let points)? = drag {
            invalidateLassoTrail(points)
            drag = nil
            selectLasso(points)
        }
        if case .ellipse(let start, let end)? = drag {
            invalidateLassoTrail([start, end])
            drag = nil
            selectLasso(ellipseOutline(from: start, to: end))
        }
        drag = nil
        if let base {
            self.base = nil
            invalidate(base.area)
            setArea(base.mode.combine(base.area, with: area, scale: layerScale))
        }
    }

    func cancelDrag() {
        drag = nil
        if let base {
            self.base = nil
            setArea(base.area)
        }
    }

    /// (Path's bounds: Rect.union skips empty rectangles, so a union of points stayed one point
    /// and only a speck around each vertex of the trail was ever drawn.)
    private func invalidateLassoTrail(_ points: [Point]) {
        guard !points.isEmpty else { return }
        canvas.setNeedsDisplay(viewport.viewRect(Path.polyline(points).bounds).insetBy(dx: -3, dy: -3))
    }

    private func handle(at viewPoint: Point) -> Int? {
        guard let area, area.isRectangle else { return nil }
        return RectangleHandles.handle(at: viewPoint, of: viewport.viewRect(area.bounds))
    }

    // MARK: - Drawing

    /// Marching ants: a dashed line in black over white whose dashes move, and the handles.
    func draw(in context: GraphicsContext) {
        // Nothing to draw (every frame of a stroke): not even a look at the window's scale.
        guard area != nil || drag != nil else { return }
        let pixel = 1 / (canvas.window?.scale ?? 1)
        // The selection a new one will be met with, in ants too.
        if let base, let kept = base.area { drawAnts(along: outlinePath(of: kept, segments: base.segments), pixel: pixel, in: context) }
        if case .lasso(let points)? = drag, points.count > 1 {
            drawAnts(along: Path.polyline(points.map(viewport.viewPoint)), pixel: pixel, in: context)
        }
        if case .ellipse(let start, let end)? = drag {
            drawAnts(along: .polygon(ellipseOutline(from: start, to: end).map(viewport.viewPoint)), pixel: pixel, in: context)
        }
        guard let area else { return }
        if !area.isRectangle { return drawAnts(along: outlinePath(of: area, segments: maskSegments), pixel: pixel, in: context) }
        let rect = area.bounds
        drawAnts(along: .rect(viewport.viewRect(rect).insetBy(dx: pixel / 2, dy: pixel / 2)), pixel: pixel, in: context)
        RectangleHandles.draw(around: viewport.viewRect(rect), in: context)
    }

    /// A mask's edges, or an outline, in the view.
    private func outlinePath(of area: SelectionArea, segments: [(Point, Point)]) -> Path {
        if let outline = area.outline, area.pixelMask == nil { return .polygon(outline.map(viewport.viewPoint)) }
        var path = Path()
        let scale = area.pixelMask?.scale ?? layerScale
        for (a, b) in segments {
            path.move(to: viewport.viewPoint(a / scale))
            path.line(to: viewport.viewPoint(b / scale))
        }
        return path
    }

    private static func segments(of area: SelectionArea?) -> [(Point, Point)] { area?.pixelMask?.outlineSegments() ?? [] }

    private func invalidate(_ area: SelectionArea?) {
        guard let rect = area?.bounds else { return }
        canvas.setNeedsDisplay(viewport.viewRect(rect).insetBy(dx: -3, dy: -3))
    }

    /// A line in white under black dashes that move (marching ants).
    private func drawAnts(along path: Path, pixel: Double, in context: GraphicsContext) {
        context.save()
        context.lineWidth = pixel
        context.strokeColor = .white
        context.stroke(path)
        context.setLineDash(phase: antsPhase * pixel, lengths: [4 * pixel, 4 * pixel])
        context.strokeColor = .black
        context.stroke(path)
        context.restore()
    }

    private func invalidateSelection() {
        guard let rect = area?.bounds else { return }
        let reach = RectangleHandles.size + 2
        canvas.setNeedsDisplay(viewport.viewRect(rect).insetBy(dx: -reach, dy: -reach))
    }

    /// The dashes move a pixel every tenth of a second while there is a selection.
    private func marchAnts() {
        guard antsTimer == nil else { return }
        antsTimer = canvas.window?.application.scheduler.schedule(after: 0.1) { [weak self] in
            guard let self else { return }
            self.antsTimer = nil
            guard self.area != nil else { return }
            self.antsPhase = (self.antsPhase + 1).truncatingRemainder(dividingBy: 8)
            self.invalidateSelectionOutline()
            self.marchAnts()
        }
    }

    /// Only the outline's four thin sides (not the pixels inside) are drawn again.
    private func invalidateSelectionOutline() {
        guard let rect = area?.bounds else { return }
        if area?.isRectangle == false { return invalidateSelection() }
        let box = viewport.viewRect(rect), w = 2.0
        canvas.setNeedsDisplay(Rect(x: box.minX - w, y: box.minY - w, width: box.width + 2 * w, height: 2 * w))
        canvas.setNeedsDisplay(Rect(x: box.minX - w, y: box.maxY - w, width: box.width + 2 * w, height: 2 * w))
        canvas.setNeedsDisplay(Rect(x: box.minX - w, y: box.minY - w, width: 2 * w, height: box.height + 2 * w))
        canvas.setNeedsDisplay(Rect(x: box.maxX - w, y: box.minY - w, width: 2 * w, height: box.height + 2 * w))
    }

    /// The ellipse in the box of a drag (a circle with Shift) as an outline of short straight
    /// sides (about one every two points, 32 to 360 of them).
    func ellipseOutline(from start: Point, to end: Point) -> [Point] {
        let box = RectangleBrush.box(from: start, to: end, square: constrains)
        let rx = box.width / 2, ry = box.height / 2
        let sides = min(360, max(32, Int((Double.pi * (rx + ry)) / 2)))
        return (0..<sides).map { index in
            let angle = 2 * Double.pi * Double(index) / Double(sides)
            return Point(x: box.midX + rx * cos(angle), y: box.midY + ry * sin(angle))
        }
    }
}
