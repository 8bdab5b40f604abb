import Foundation
import PaintGraphics
import PaintToolkit

/// The free transform's frame over the canvas: the four corners, the sides' middles and the
/// pivot as handles, and while a handle is dragged, the lifted pixels drawn through the map at
/// the screen's resolution (from a copy reduced to about the view's scale, made once). At
/// rest the canvas shows the exact result on the layer itself; only the frame is drawn here.
final class FreeTransformView: View {
    /// The transform in document units as it stands.
    private(set) var freeTransform: FreeTransform
    /// What a turn turns about, in document units (the frame's centre until moved).
    private(set) var pivot: Point
    /// Document units to this view's points.
    var viewport: () -> ZoomViewport
    /// Told on each change while dragging, and when a drag ends (the exact preview is due).
    var onChange: (() -> Void)?
    var onSettled: (() -> Void)?

    /// The lifted pixels reduced, and how many document units one of their pixels spans.
    private let reduced: Bitmap
    private let unitsPerPixel: Double
    private var drag: (kind: TransformDrag, start: Point, corners: [Point], pivot: Point)?
    /// The finger or pointer doing the drag (a second finger on a touchscreen is not a handle).
    private weak var dragging: Touch?

    var isDragging: Bool { drag != nil }

    init(transform: FreeTransform, reduced: Bitmap, unitsPerPixel: Double, viewport: @escaping () -> ZoomViewport, frame: Rect) {
        self.freeTransform = transform
        self.reduced = reduced
        self.unitsPerPixel = unitsPerPixel
        self.viewport = viewport
        pivot = TransformDrag.midpoint(TransformDrag.midpoint(transform.corners[0], transform.corners[2]),
                                       TransformDrag.midpoint(transform.corners[1], transform.corners[3]))
        super.init(frame: frame)
    }

    /// Corners from the fields or a reset; the pivot goes to the new centre.
    func setCorners(_ corners: [Point]) {
        guard FreeTransform.isConvex(corners) else { return }
        freeTransform.corners = corners
        pivot = Point(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        setNeedsDisplay()
    }

    func setFilter(_ filter: ResamplingFilter) { freeTransform.filter = filter }

    // MARK: - Touches

    /// Ctrl+drag skews and distorts here, rather than standing for a second finger.
    override var takesControlClicks: Bool { true }

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard drag == nil, let touch = touches.first else { return }
        dragging = touch
        let modifiers = window?.modifierFlags ?? []
        let port = viewport()
        let point = touch.location(in: self)
        let kind = TransformDrag.at(point, corners: freeTransform.corners.map(port.viewPoint), pivot: port.viewPoint(pivot),
                                    control: modifiers.contains(.control), reach: RectangleHandles.reach + 2)
        drag = (kind, port.contentPoint(point), freeTransform.corners, pivot)
        setNeedsDisplay()
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let drag, let touch = touches.first(where: { $0 === dragging }) else { return }
        let point = viewport().contentPoint(touch.location(in: self))
        if drag.kind == .pivot {
            pivot = Point(x: drag.pivot.x + point.x - drag.start.x, y: drag.pivot.y + point.y - drag.start.y)
        } else {
            let shift = window?.modifierFlags.contains(.shift) ?? false
            guard let corners = drag.kind.corners(from: drag.corners, pivot: drag.pivot, start: drag.start, to: point,
                                                  keepAspect: shift, snapAngle: shift) else { return }
            freeTransform.corners = corners
            if drag.kind == .move { pivot = Point(x: drag.pivot.x + point.x - drag.start.x, y: drag.pivot.y + point.y - drag.start.y) }
        }
        setNeedsDisplay()
        onChange?()
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        if touches.contains(where: { $0 === dragging }) { endDrag() }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        if touches.contains(where: { $0 === dragging }) { endDrag() }
    }

    private func endDrag() {
        guard drag != nil else { return }
        drag = nil
        setNeedsDisplay()
        onSettled?()
    }

    // MARK: - Drawing

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let port = viewport()
        if isDragging { drawPreview(through: port, in: context) }
        let corners = freeTransform.corners.map(port.viewPoint)
        context.save()
        context.lineWidth = 1
        context.strokeColor = Color(r: 0, g: 0, b: 0, a: 150)
        context.stroke(.polygon(corners.map { Point(x: $0.x + 0.5, y: $0.y + 0.5) }))
        context.strokeColor = .white
        context.stroke(.polygon(corners))
        for corner in corners { RectangleHandles.drawHandle(at: corner, in: context) }
        for i in 0..<4 { RectangleHandles.drawHandle(at: TransformDrag.midpoint(corners[i], corners[(i + 1) % 4]), in: context) }
        // The pivot: a small ring with a cross.
        let centre = port.viewPoint(pivot)
        context.strokeColor = Color(r: 40, g: 40, b: 44)
        context.lineWidth = 3
        context.stroke(.ellipse(in: Rect(x: centre.x - 5, y: centre.y - 5, width: 10, height: 10)))
        context.strokeColor = .white
        context.lineWidth = 1.5
        context.stroke(.ellipse(in: Rect(x: centre.x - 5, y: centre.y - 5, width: 10, height: 10)))
        context.restore()
    }

    /// The reduced pixels through the map into the screen's pixels (bilinear: fast enough for
    /// every motion event, and sharp enough at the view's scale).
    private func drawPreview(through port: ZoomViewport, in context: GraphicsContext) {
        guard let map = freeTransform.map else { return }
        let t = context.transform
        let toDevice = Homography(port.transform.concatenating(t))
        let sourceOrigin = freeTransform.source.origin
        let fromReduced = Homography([unitsPerPixel, 0, sourceOrigin.x, 0, unitsPerPixel, sourceOrigin.y, 0, 0, 1])
        let whole = fromReduced.concatenating(map).concatenating(toDevice)
        let target = context.bitmap
        guard let reach = PerspectiveWarp.reach(of: PixelRect(x0: 0, y0: 0, x1: reduced.width, y1: reduced.height), through: whole) else { return }
        PerspectiveWarp.draw(reduced, through: whole, onto: target, in: reach.intersection(context.clip), filter: .bilinear)
    }
}
