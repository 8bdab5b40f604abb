import Foundation

/// A Clone Stamp or Recolor stroke: the path grows with the pointer and the layer shows the
/// stroke as it will be kept (worked again from the layer's own pixels for each move, as the
/// gradient is); the release commits it as one item.
final class RetouchGesture: PaintingGesture {
    private var retouch: Retouch
    private var isCancelled = false

    init(_ press: ToolPress, kind: Retouch.Kind) {
        retouch = Retouch(kind: kind, points: [press.point], width: press.canvas.strokeWidth, symmetry: press.canvas.freehandTool.symmetry)
        super.init(press, holdPicksColor: false)
        show()
    }

    deinit {
        // Cancelled: the layer shows its own pixels again.
        canvas.content.previewItem(nil)
    }

    override var draws: Bool { !isCancelled }

    override func cancel() {
        isCancelled = true
        canvas.content.previewItem(nil)
    }

    override func paint(_ touch: Touch, to point: Point) {
        guard point != retouch.points.last else { return }
        retouch.points.append(point)
        show()
        // The brush's ring, and Clone Stamp's cross where it copies from, follow the stroke.
        canvas.brushOutlineCenter = canvas.viewport.viewPoint(point)
    }

    override func commit(_ touch: Touch, at point: Point) {
        canvas.content.previewItem(nil)
        canvas.commit(.retouch(retouch))
    }

    private func show() {
        canvas.content.previewItem(.retouch(retouch))
    }
}
