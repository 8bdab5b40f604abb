/// The other participants' pointers over the canvas, each a small arrow in their colour with
/// their name beside it, where their pointer is on the drawing at this window's zoom and scroll.
/// It takes no touches: drawing goes on under it.
final class PeerPointersView: View {
    var peers: [PeerPointer] = [] { didSet { if peers != oldValue { setNeedsDisplay() } } }
    /// Where a point in the document's units is in this view (the canvas's viewport, read at
    /// each drawing), and how many document pixels a unit is.
    var viewPointOfUnit: (Point) -> Point = { $0 }
    var pixelsPerUnit: () -> Double = { 1 }

    private func viewPoint(ofPixel pixel: Point) -> Point {
        let scale = pixelsPerUnit()
        return viewPointOfUnit(Point(x: pixel.x / scale, y: pixel.y / scale))
    }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// View points per document unit (the canvas's zoom), for the strokes being drawn.
    var unitScale: () -> Double = { 1 }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let font = Font.system(size: 11)
        // The strokes others are drawing, under every pointer, as thin previews of what comes.
        for peer in peers {
            guard let stroke = peer.drawing, let first = stroke.points.first else { continue }
            var path = Path()
            path.move(to: viewPointOfUnit(first))
            for point in stroke.points.dropFirst() { path.line(to: viewPointOfUnit(point)) }
            if stroke.points.count == 1 { path.line(to: viewPointOfUnit(first)) }
            context.save()
            context.strokeColor = stroke.blendMode == .clear ? Color(r: 200, g: 200, b: 206, a: 200) : stroke.color
            context.lineWidth = max(1, stroke.width * unitScale())
            context.lineCap = .round
            context.lineJoin = .round
            context.stroke(path)
            context.restore()
        }
        for peer in peers {
            let tip = viewPoint(ofPixel: peer.location)
            guard bounds.insetBy(dx: -4, dy: -4).contains(tip) else { continue }
            var arrow = Path()
            arrow.move(to: tip)
            arrow.line(to: Point(x: tip.x, y: tip.y + 14))
            arrow.line(to: Point(x: tip.x + 4, y: tip.y + 10.5))
            arrow.line(to: Point(x: tip.x + 10, y: tip.y + 10))
            arrow.close()
            context.save()
            context.fillColor = peer.color
            context.fill(arrow)
            context.strokeColor = .white
            context.lineWidth = 1
            context.stroke(arrow)
            // The name on a tag of the participant's colour, below right of the tip.
            let tag = Rect(x: tip.x + 9, y: tip.y + 12, width: font.width(of: peer.name) + 10, height: 16)
            context.fillColor = peer.color
            context.fill(Path.roundedRect(tag, cornerRadius: 4))
            context.draw(peer.name, at: Point(x: tag.minX + 5, y: tag.maxY - 4), font: font, color: .white)
            context.restore()
        }
    }
}

/// Another participant's pointer: who, in which colour, where on the drawing (document
/// pixels), and the stroke they are drawing now (in the document's units), if any.
public struct PeerPointer: Equatable {
    public var name: String
    public var color: Color
    public var location: Point
    public var drawing: Stroke?

    public init(name: String, color: Color, location: Point, drawing: Stroke? = nil) {
        self.name = name
        self.color = color
        self.location = location
        self.drawing = drawing
    }
}
